import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatUsd } from '@/lib/format';
import { commissionCents, type PlanCommission } from '@/lib/affiliate/program';

/** A plan-by-plan commission table; the dashboard and resources tabs each pass their own prices. */
export function CommissionRates({ title, plans }: { title: string; plans: readonly PlanCommission[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>50% recurring commission on every monthly payment</CardDescription>
      </CardHeader>
      <CardContent>
        <Table scrollLabel={title}>
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
              <TableHead>Price</TableHead>
              <TableHead className="text-right">Your commission</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.map(({ plan, monthlyPriceCents }) => (
              <TableRow key={plan}>
                <TableCell className="font-medium">{plan}</TableCell>
                <TableCell className="tabular-nums">{formatUsd(monthlyPriceCents / 100)} per month</TableCell>
                <TableCell className="text-right font-medium text-success tabular-nums">
                  ({formatUsd(commissionCents(monthlyPriceCents) / 100)} commission)
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
