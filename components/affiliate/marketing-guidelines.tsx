import { TextList } from '@/components/shared/text-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const dos = [
  'Say clearly that you earn a commission when someone subscribes through your link.',
  'Describe the platform as it is: 25+ data sources, 100+ companies tracked, 5+ years of analysis, 30-second SEC filing updates.',
  'Use a separate link for each channel (newsletter, video, social profile) to see which one converts.',
  'Point people to the About page and the free trial so they can judge the product themselves.',
];

const donts = [
  'Promise investment returns or present the platform’s signals as financial advice.',
  'Bid on the product’s name in search ads, or send unsolicited email or messages.',
  'Post influencer trial links publicly: each works once, for one person.',
  'Refer yourself or your own accounts; self-referrals earn no commission.',
];

/** How affiliates may promote the product, and how referrals are credited. */
export function MarketingGuidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Marketing Guidelines</CardTitle>
        <CardDescription>Promote the platform honestly; commissions on referrals that break these rules may be withheld.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="guidelines-do">
          <h3 id="guidelines-do" className="mb-2 font-semibold text-success">
            Do
          </h3>
          <TextList items={dos} className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground" />
        </section>
        <section aria-labelledby="guidelines-dont">
          <h3 id="guidelines-dont" className="mb-2 font-semibold text-destructive">
            Don’t
          </h3>
          <TextList items={donts} className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground" />
        </section>
        <section aria-labelledby="guidelines-credit" className="md:col-span-2">
          <h3 id="guidelines-credit" className="mb-2 font-semibold">
            How referrals are credited
          </h3>
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
            <li>A visit through your link is remembered for 30 days; an account registered in that time is your referral.</li>
            <li>You earn 50% of every monthly payment the referred account makes, for as long as it stays subscribed.</li>
            <li>Commissions stay pending until they are paid out.</li>
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
