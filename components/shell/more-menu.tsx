'use client';

import Link from 'next/link';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { isActiveLink, moreLinks } from './navigation';

/** The navigation bar's "More" links, loaded on the first click of its button (navigation-bar.tsx). */
export function MoreMenu(props: { pathname: string; trigger: React.ReactElement; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DropdownMenu open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>{props.trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {moreLinks.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href} aria-current={isActiveLink(props.pathname, link.href) ? 'page' : undefined}>
              {link.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
