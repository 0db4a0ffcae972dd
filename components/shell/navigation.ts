export interface NavLink {
  href: string;
  label: string;
}

export const primaryLinks: NavLink[] = [
  { href: '/', label: 'Dashboard' },
  { href: '/signals', label: 'Signals' },
  { href: '/analytics', label: 'Analytics' },
  { href: '/reports', label: 'Reports' },
];

export const moreLinks: NavLink[] = [
  { href: '/billing', label: 'Billing' },
  { href: '/affiliate', label: 'Affiliate' },
  { href: '/suggestions', label: 'Suggestions' },
  { href: '/contact', label: 'Contact' },
  { href: '/about', label: 'About' },
];

/** `/` and `/dashboard` are the same screen, so either lights up the Dashboard link. */
export function isActiveLink(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === href || pathname.startsWith(`${href}/`);
}
