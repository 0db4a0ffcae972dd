import Link from 'next/link';
import { cn } from '@/lib/utils';
import { LinkPending } from './link-pending';
import type { NavLink } from './navigation';

export function NavItem({ link, active }: { link: NavLink; active: boolean }) {
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
      <LinkPending />
    </Link>
  );
}
