'use client';

import { Bitcoin, ChevronDown, Menu } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { ThemeMenu } from '@/components/theme/theme-menu';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import type { PublicUser } from '@/lib/auth/types';
import type { PriceQuote } from '@/lib/market/live';
import { productName } from '@/lib/brand';
import { cn } from '@/lib/utils';
import { isActiveLink, moreLinks, primaryLinks, type NavLink } from './navigation';
import { PriceBadge } from './price-badge';
import { UserMenu } from './user-menu';

export function NavigationBar({ user, btcQuote }: { user: PublicUser; btcQuote: PriceQuote | null }) {
  const pathname = usePathname();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 font-semibold">
          <Bitcoin className="size-6 text-primary" aria-hidden="true" />
          <span className="hidden md:inline">{productName}</span>
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {primaryLinks.map((link) => (
            <li key={link.href}>
              <NavItem link={link} active={isActiveLink(pathname, link.href)} />
            </li>
          ))}
          <li>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="sm" className={cn(moreLinks.some((link) => isActiveLink(pathname, link.href)) && 'bg-accent')}>
                  More <ChevronDown className="size-4" aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                {moreLinks.map((link) => (
                  <DropdownMenuItem key={link.href} asChild>
                    <Link href={link.href} aria-current={isActiveLink(pathname, link.href) ? 'page' : undefined}>
                      {link.label}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </li>
        </ul>

        <div className="ml-auto flex items-center gap-2">
          <PriceBadge initialQuote={btcQuote} />
          <ThemeMenu />
          <UserMenu user={user} />
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-72">
              <SheetHeader>
                <SheetTitle>{productName}</SheetTitle>
                <SheetDescription className="sr-only">Site navigation</SheetDescription>
              </SheetHeader>
              <MobileSection title="Analytics" links={primaryLinks} pathname={pathname} onNavigate={() => setMobileOpen(false)} />
              <MobileSection title="Account & Support" links={moreLinks} pathname={pathname} onNavigate={() => setMobileOpen(false)} />
            </SheetContent>
          </Sheet>
        </div>
      </nav>
    </header>
  );
}

function NavItem({ link, active }: { link: NavLink; active: boolean }) {
  return (
    <Link
      href={link.href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
      )}
    >
      {link.label}
    </Link>
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
