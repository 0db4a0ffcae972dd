'use client';

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { productName } from '@/lib/brand';
import { isActiveLink, moreLinks, primaryLinks, type NavLink } from './navigation';
import { NavItem } from './nav-item';

/** The phone's navigation sheet, loaded on the first tap of the menu button (navigation-bar.tsx). */
export function MobileNavigation(props: { pathname: string; trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => props.onOpenChange(false);
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetTrigger asChild>{props.trigger}</SheetTrigger>
      <SheetContent side="right" className="w-72">
        <SheetHeader>
          <SheetTitle>{productName}</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <MobileSection title="Analytics" links={primaryLinks} pathname={props.pathname} onNavigate={close} />
        <MobileSection title="Account & Support" links={moreLinks} pathname={props.pathname} onNavigate={close} />
      </SheetContent>
    </Sheet>
  );
}

function MobileSection(props: { title: string; links: NavLink[]; pathname: string; onNavigate: () => void }) {
  return (
    <section className="px-4 pb-4">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{props.title}</h2>
      <ul className="flex flex-col gap-1">
        {props.links.map((link) => (
          <li key={link.href} onClick={props.onNavigate}>
            <NavItem link={link} active={isActiveLink(props.pathname, link.href)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
