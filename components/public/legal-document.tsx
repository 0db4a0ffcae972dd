import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent } from '@/components/ui/card';

/** Spec 000 §2: both legal pages were last updated on this date. */
const legalLastUpdated = 'August 10, 2025';

export interface LegalSection {
  title: string;
  body: React.ReactNode;
}

/** The frame shared by the Terms of Service and Privacy Policy: back link, title, date, numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: React.ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl">
      <Link
        href="/"
        className="mb-6 inline-flex items-center gap-2 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </Link>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">Last updated: {legalLastUpdated}</p>
      </header>
      <Card>
        <CardContent className="flex flex-col gap-8 pt-6 text-sm leading-relaxed text-muted-foreground sm:text-base">
          <div>{intro}</div>
          {sections.map((section, index) => (
            <section key={section.title} aria-labelledby={`legal-section-${index + 1}`} className="flex flex-col gap-3">
              <h2 id={`legal-section-${index + 1}`} className="text-lg font-semibold text-foreground">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </CardContent>
      </Card>
    </article>
  );
}
