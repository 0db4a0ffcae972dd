/**
 * A titled section of the company page; its id is the anchor the page's contents link to. Sections
 * off screen skip layout and paint until scrolled near (content-visibility): on a phone, laying out
 * the whole page several times while it streamed in was most of its blocking time. Popups render in
 * portals, so the paint containment this brings clips nothing.
 */
export function CompanySection({ id, title, description, actions, children }: { id: string; title: string; description?: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-lg border bg-card p-4 [contain-intrinsic-size:auto_32rem] [content-visibility:auto] sm:p-5" data-testid={`section-${id}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
