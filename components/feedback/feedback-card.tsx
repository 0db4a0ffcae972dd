import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SuccessPanel } from './success-panel';

interface FeedbackCardProps {
  title: string;
  description: string;
  isSent: boolean;
  success: { title: string; text: string; action: string };
  onSendAnother: () => void;
  children: React.ReactNode;
}

/** A feedback form's card, or once it is sent the success view whose action leads back to the form. */
export function FeedbackCard({ title, description, isSent, success, onSendAnother, children }: FeedbackCardProps) {
  if (isSent) return <SuccessPanel {...success} onAction={onSendAnother} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
