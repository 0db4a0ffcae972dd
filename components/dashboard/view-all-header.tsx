import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { CardHeader, CardTitle } from '@/components/ui/card';

/** A dashboard card's header: its icon and title, and a View All link to the screen with the whole list. */
export function ViewAllHeader({ icon, title, href }: { icon: React.ReactNode; title: string; href: string }) {
  return (
    <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
      <CardTitle className="flex items-center gap-2 text-base">
        {icon} {title}
      </CardTitle>
      <Button asChild variant="ghost" size="sm">
        <Link href={href}>View All</Link>
      </Button>
    </CardHeader>
  );
}
