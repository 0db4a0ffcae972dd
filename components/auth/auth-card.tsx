import { Bitcoin } from 'lucide-react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** The centred card that frames the sign-in and registration forms. */
export function AuthCard(props: { title: string; description: string; children: React.ReactNode; footer: React.ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center py-8">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Bitcoin className="mx-auto size-10 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl font-bold">{props.title}</h1>
          </CardTitle>
          <CardDescription>{props.description}</CardDescription>
        </CardHeader>
        <CardContent>{props.children}</CardContent>
        <CardFooter className="flex flex-col gap-2 text-center text-sm text-muted-foreground">{props.footer}</CardFooter>
      </Card>
    </div>
  );
}
