import type * as React from 'react';
import { slotted } from '@/components/ui/slot';
import { cn } from '@/lib/utils';

/**
 * `scrollLabel` names the scrolling container and puts it in the tab order, so a keyboard can scroll a
 * wide table that holds nothing focusable (WCAG 2.1.1); tables with links or buttons need none.
 */
function Table({ className, scrollLabel, ...props }: React.ComponentProps<'table'> & { scrollLabel?: string }) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto"
      {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b');
const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0');
const TableFooter = slotted('tfoot', 'table-footer', 'border-t bg-muted/50 font-medium [&>tr]:last:border-b-0');
const TableRow = slotted('tr', 'table-row', 'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted');
const TableHead = slotted(
  'th',
  'table-head',
  'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0',
);
const TableCell = slotted('td', 'table-cell', 'p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0');
const TableCaption = slotted('caption', 'table-caption', 'mt-4 text-sm text-muted-foreground');

export { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow };
