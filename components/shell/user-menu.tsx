'use client';

import { ChevronDown, Crown, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { lazyPart, useLazyTrigger } from '@/components/ui/load-on-intent';
import type { PublicUser } from '@/lib/auth/types';
import { useStoredBetaFlag } from './use-stored-beta-flag';

const accountMenu = lazyPart(() => import('./account-menu').then((module) => module.AccountMenu));

/** Name, role and plan badges, and the account menu (spec 000 §2 navigation bar). */
export function UserMenu({ user }: { user: PublicUser }) {
  // The menu is part of the app shell, which only a visitor past the beta gate sees.
  const betaGranted = useStoredBetaFlag(true);
  const { Popup: AccountMenu, open, setOpen, standInProps } = useLazyTrigger(accountMenu, 'menu');
  const isAdmin = user.role === 'admin';
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const badges = (
    <>
      {isAdmin && <Badge variant="warning">Admin</Badge>}
      {betaGranted && <Badge variant="info">Beta Access</Badge>}
      {user.subscriptionTier && <Badge variant="secondary">{user.subscriptionTier}</Badge>}
    </>
  );
  const trigger = (props?: React.ComponentProps<typeof Button>) => (
    <Button variant="ghost" size="sm" className="gap-1.5" aria-label={`Account menu for ${name}`} {...props}>
      {isAdmin ? <Crown className="size-4 text-warning" aria-label="Administrator" /> : <UserRound className="size-4" aria-hidden="true" />}
      <span className="hidden max-w-32 truncate sm:inline">{name}</span>
      <ChevronDown className="size-4" aria-hidden="true" />
    </Button>
  );

  return (
    <div className="flex items-center gap-2">
      <div className="hidden items-center gap-1 lg:flex">{badges}</div>
      {AccountMenu ? (
        <AccountMenu user={user} name={name} badges={badges} trigger={trigger()} open={open} onOpenChange={setOpen} />
      ) : (
        trigger(standInProps)
      )}
    </div>
  );
}
