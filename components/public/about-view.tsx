import { Activity, BellRing, CheckCircle2, Database, Eye, FileSearch, Radar, ShieldAlert, Target, Zap, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { FullDisclaimer } from '@/components/shared/disclaimer';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { productName } from '@/lib/brand';

const services = [
  {
    icon: Radar,
    title: 'Early Discovery',
    text: 'Spot companies preparing to add Bitcoin to their balance sheet before the market does, from filings, board changes and treasury policy updates.',
  },
  {
    icon: ShieldAlert,
    title: 'Risk Assessment',
    text: 'Health grades, leverage and concentration metrics show how exposed each treasury is to a Bitcoin drawdown and how it is financed.',
  },
  {
    icon: Zap,
    title: 'Real-time Intelligence',
    text: 'Live signals and alerts the moment a holding changes, with SEC filings picked up within 30 seconds of publication.',
  },
] as const;

const reasons = [
  'Built for institutional investors, hedge funds, treasury teams, analysts, advisors and traders',
  'Every figure traced back to its public source',
  'Signals scored for conviction, so you see what matters first',
  'Security first: two-factor authentication and encrypted sessions',
] as const;

const highlights = [
  { icon: Eye, text: 'Holdings, health grades and conviction scores' },
  { icon: FileSearch, text: '30-second SEC filing updates' },
  { icon: BellRing, text: 'Real-time alerts and signal feeds' },
  { icon: Database, text: 'Reports and analytics ready to export' },
] as const;

/** Counted from the database when the page is served (issue 12: marketing counts are computed, not typed). */
export interface AboutCounts {
  companiesTracked: number;
  /** Catalogue sources an ingester fills (connected or not yet), not the catalogue's planned ones. */
  dataSources: number;
}

/** About (spec 000 §2): mission and vision, what we do, why us, expertise figures and the call to action. */
export function AboutView({ counts }: { counts: AboutCounts }) {
  const expertise = [
    { value: '5+', label: 'Years of Analysis' },
    { value: counts.companiesTracked.toLocaleString('en-US'), label: 'Companies Tracked' },
    { value: counts.dataSources.toLocaleString('en-US'), label: 'Data Sources' },
  ];
  return (
    <div className="flex flex-col gap-12">
      <PageHeader title="About" description="Intelligence on the public companies that hold or adopt Bitcoin." />

      <section aria-labelledby="about-mission" className="grid gap-6 md:grid-cols-2">
        <h2 id="about-mission" className="sr-only">
          Mission and Vision
        </h2>
        <StatementCard icon={Target} title="Our Mission">
          To give investors and analysts the clearest, fastest view of how public companies hold and adopt Bitcoin, so every decision about a
          treasury company rests on evidence rather than headlines.
        </StatementCard>
        <StatementCard icon={Activity} title="Our Vision">
          To be the reference platform for corporate Bitcoin treasury intelligence, where the next treasury adopter is found first and every risk
          is measured.
        </StatementCard>
      </section>

      <section aria-labelledby="about-what-we-do" className="flex flex-col gap-6">
        <h2 id="about-what-we-do" className="text-xl font-semibold tracking-tight sm:text-2xl">
          What We Do
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-8 text-primary" aria-hidden="true" />
                  <CardTitle>
                    <h3 className="text-lg">{title}</h3>
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">Why Choose {productName}</h2>
          <ul className="flex flex-col gap-3">
            {reasons.map((reason) => (
              <li key={reason} className="flex items-start gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                <span>{reason}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-4">
          <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">Platform Highlights</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 rounded-lg border bg-card p-4">
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="text-sm font-medium">{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-expertise" className="flex flex-col gap-6">
        <h2 id="about-expertise" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Our Expertise
        </h2>
        <dl className="grid gap-6 sm:grid-cols-3">
          {expertise.map(({ value, label }) => (
            // Reversed so the figure reads first on screen while <dt> stays first in the markup.
            <div key={label} className="flex flex-col-reverse items-center gap-1 rounded-xl border bg-card p-6 text-center" data-testid="about-stat">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-4xl font-bold text-primary">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <FullDisclaimer />

      <section aria-labelledby="about-cta" className="rounded-xl border bg-primary/5 p-8 text-center">
        <h2 id="about-cta" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Ready to see what&apos;s next in corporate Bitcoin?
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">Start a free trial, or talk to us about a plan for your team.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/register">Start Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/contact">Contact Sales</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function StatementCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground">{children}</CardContent>
    </Card>
  );
}
