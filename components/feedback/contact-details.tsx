import { Clock, Mail, MessageSquareReply, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { supportEmail } from '@/lib/brand';

/** The side panel of Contact Us: how to reach support and when (spec 000 §2). */
export function ContactDetails() {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Get in Touch</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-5 text-sm">
          <Detail icon={Mail} title="Email">
            <a href={`mailto:${supportEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
              {supportEmail}
            </a>
          </Detail>
          <Detail icon={MessageSquareReply} title="Response Time">
            <p className="text-muted-foreground">We reply within 24 hours.</p>
          </Detail>
          <Detail icon={Clock} title="Business Hours">
            <p className="text-muted-foreground">Mon-Fri 9AM-6PM EST</p>
          </Detail>
        </ul>
      </CardContent>
    </Card>
  );
}

function Detail({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <h3 className="font-medium">{title}</h3>
        {children}
      </div>
    </li>
  );
}
