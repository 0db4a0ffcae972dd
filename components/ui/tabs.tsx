'use client';

import { Tabs as TabsPrimitive } from 'radix-ui';
import { slotted } from '@/components/ui/slot';

const Tabs = slotted(TabsPrimitive.Root, 'tabs', 'flex gap-2 data-[orientation=horizontal]:flex-col');
const TabsList = slotted(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex w-fit max-w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground data-[orientation=horizontal]:h-9 data-[orientation=vertical]:h-fit data-[orientation=vertical]:flex-col',
);
const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-muted-foreground transition-[color,box-shadow] outline-none hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input/50 dark:data-[state=active]:bg-input/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);
const TabsContent = slotted(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

export { Tabs, TabsContent, TabsList, TabsTrigger };
