import { slotted } from '@/components/ui/slot';

const Skeleton = slotted('div', 'skeleton', 'animate-pulse rounded-md bg-accent');

export { Skeleton };
