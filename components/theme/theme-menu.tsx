'use client';

import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { lazyPart, useLazyTrigger } from '@/components/ui/load-on-intent';
import { useTheme } from './theme-provider';

const themeChoices = lazyPart(() => import('./theme-choices').then((module) => module.ThemeChoices));

export function ThemeMenu() {
  const { resolvedTheme } = useTheme();
  const { Popup: ThemeChoices, open, setOpen, standInProps } = useLazyTrigger(themeChoices, 'menu');
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  const trigger = (props?: React.ComponentProps<typeof Button>) => (
    <Button variant="ghost" size="icon" aria-label="Theme" {...props}>
      <Icon className="size-4" />
    </Button>
  );
  return ThemeChoices ? <ThemeChoices trigger={trigger()} open={open} onOpenChange={setOpen} /> : trigger(standInProps);
}
