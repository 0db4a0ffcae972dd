import { slotted } from '@/components/ui/slot';

const Card = slotted('div', 'card', 'rounded-xl border bg-card text-card-foreground shadow-sm');
const CardHeader = slotted(
  'div',
  'card-header',
  'grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 p-6 has-data-[slot=card-action]:grid-cols-[1fr_auto]',
);
const CardTitle = slotted('div', 'card-title', 'leading-none font-semibold tracking-tight');
const CardDescription = slotted('div', 'card-description', 'text-sm text-muted-foreground');
const CardAction = slotted('div', 'card-action', 'col-start-2 row-span-2 row-start-1 self-start justify-self-end');
const CardContent = slotted('div', 'card-content', 'p-6 pt-0');
const CardFooter = slotted('div', 'card-footer', 'flex items-center p-6 pt-0');

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
