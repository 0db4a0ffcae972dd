'use client';

import { Bitcoin, ChevronDown, Menu } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ThemeMenu } from '@/components/theme/theme-menu';
import { Button } from '@/components/ui/button';
import { lazyPart, useLazyTrigger } from '@/components/ui/load-on-intent';
import type { PublicUser } from '@/lib/auth/types';
import type { PriceQuote } from '@/lib/market/live';
import { productName } from '@/lib/brand';
import { cn } from '@/lib/utils';
import { isActiveLink, moreLinks, primaryLinks } from './navigation';
import { NavItem } from './nav-item';
import { PriceBadge } from './price-badge';
import { UserMenu } from './user-menu';

// The menus load on the first click of their buttons: the first paint needs the buttons, not the menus.
const moreMenu = lazyPart(() => import('./more-menu').then((module) => module.MoreMenu));
const mobileNavigation = lazyPart(() => import('./mobile-navigation').then((module) => module.MobileNavigation));

export function NavigationBar({ user, btcQuote }: { user: PublicUser; btcQuote: PriceQuote | null }) {
  const pathname = usePathname();
  const more = useLazyTrigger(moreMenu, 'menu');
  const mobile = useLazyTrigger(mobileNavigation, 'dialog');
  const moreTrigger = (props?: React.ComponentProps<typeof Button>) => (
    <Button variant="ghost" size="sm" className={cn(moreLinks.some((link) => isActiveLink(pathname, link.href)) && 'bg-accent')} {...props}>
      More <ChevronDown className="size-4" aria-hidden="true" />
    </Button>
  );
  const mobileTrigger = (props?: React.ComponentProps<typeof Button>) => (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" {...props}>
      <Menu className="size-5" />
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <Link href="/" aria-label={productName} className="flex items-center gap-2 font-semibold">
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
            {more.Popup ? (
              <more.Popup pathname={pathname} trigger={moreTrigger()} open={more.open} onOpenChange={more.setOpen} />
            ) : (
              moreTrigger(more.standInProps)
            )}
          </li>
        </ul>

        <div className="ml-auto flex items-center gap-2">
          <PriceBadge initialQuote={btcQuote} />
          <ThemeMenu />
          <UserMenu user={user} />
          {mobile.Popup ? (
            <mobile.Popup pathname={pathname} trigger={mobileTrigger()} open={mobile.open} onOpenChange={mobile.setOpen} />
          ) : (
            mobileTrigger(mobile.standInProps)
          )}
        </div>
      </nav>
    </header>
  );
}
