'use client';

import { ChevronDown, Crown, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useLogout } from '@/components/auth/use-auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { PublicUser } from '@/lib/auth/types';
import { useStoredBetaFlag } from './use-stored-beta-flag';

/** Name, role and plan badges, and the account menu (spec 000 §2 navigation bar). */
export function UserMenu({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const betaGranted = useStoredBetaFlag();
  const isAdmin = user.role === 'admin';
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="flex items-center gap-2">
      <div className="hidden items-center gap-1 lg:flex">
        {isAdmin && <Badge variant="warning">Admin</Badge>}
        {betaGranted && <Badge variant="info">Beta Access</Badge>}
        {user.subscriptionTier && <Badge variant="secondary">{user.subscriptionTier}</Badge>}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" className="gap-1.5" aria-label={`Account menu for ${name}`}>
            {isAdmin ? (
              <Crown className="size-4 text-warning" aria-label="Administrator" />
            ) : (
              <UserRound className="size-4" aria-hidden="true" />
            )}
            <span className="hidden max-w-32 truncate sm:inline">{name}</span>
            <ChevronDown className="size-4" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="flex flex-col gap-1">
            <span className="truncate">{name}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            <span className="flex flex-wrap gap-1 lg:hidden">
              {isAdmin && <Badge variant="warning">Admin</Badge>}
              {betaGranted && <Badge variant="info">Beta Access</Badge>}
              {user.subscriptionTier && <Badge variant="secondary">{user.subscriptionTier}</Badge>}
            </span>
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
    </div>
  );
}
