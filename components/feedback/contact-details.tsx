import { Clock, Mail, MessageSquareReply } from 'lucide-react';
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
          <li className="flex items-start gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-medium">Email</h3>
              <a href={`mailto:${supportEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
                {supportEmail}
              </a>
            </div>
          </li>
          <li className="flex items-start gap-3">
            <MessageSquareReply className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-medium">Response Time</h3>
              <p className="text-muted-foreground">We reply within 24 hours.</p>
            </div>
          </li>
          <li className="flex items-start gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-medium">Business Hours</h3>
              <p className="text-muted-foreground">Mon-Fri 9AM-6PM EST</p>
            </div>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
