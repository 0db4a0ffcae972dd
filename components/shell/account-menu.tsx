'use client';

import { LogOut, Mail, Settings, ShieldCheck } from 'lucide-react';
import Link from 'next/link';
import { useLogout } from '@/components/auth/use-auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { PublicUser } from '@/lib/auth/types';

/** The account menu behind the user menu's button, loaded on the first click (components/shell/user-menu.tsx). */
export function AccountMenu(props: {
  user: PublicUser;
  name: string;
  badges: React.ReactNode;
  trigger: React.ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const logout = useLogout();
  return (
    <DropdownMenu open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>{props.trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate">{props.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{props.user.email}</span>
          <span className="flex flex-wrap gap-1 lg:hidden">{props.badges}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings className="size-4" aria-hidden="true" /> Account Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/security">
            <ShieldCheck className="size-4" aria-hidden="true" /> Security
          </Link>
        </DropdownMenuItem>
        {props.user.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link href="/admin/outbox">
              <Mail className="size-4" aria-hidden="true" /> Mail outbox
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={logout.isPending}
          onSelect={(event) => {
            event.preventDefault();
            logout.mutate();
          }}
        >
          <LogOut className="size-4" aria-hidden="true" /> {logout.isPending ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
