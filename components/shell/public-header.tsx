import { Bitcoin } from 'lucide-react';
import Link from 'next/link';
import { ThemeMenu } from '@/components/theme/theme-menu';
import { productName } from '@/lib/brand';

/** Signed-out visitors get no navigation bar (spec 000 §2), only the brand, and the theme menu. */
export function PublicHeader() {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <Link href="/login" className="flex items-center gap-2 font-semibold">
          <Bitcoin className="size-6 text-primary" aria-hidden="true" />
          <span>{productName}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <ThemeMenu />
        </div>
      </div>
    </header>
  );
}
