'use client';

import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SectorAllocationRow } from '@/lib/dashboard/repository';
import { allocationGuidance, sectorColor } from '@/lib/format';

/** Sector allocation list (GET /api/analytics/sector-allocation) with the optimal allocation guidance. */
export function SectorAllocationCard({ initialSectors }: { initialSectors: SectorAllocationRow[] }) {
  const { data: sectors } = useQuery<SectorAllocationRow[]>({ queryKey: ['/api/analytics/sector-allocation'], initialData: initialSectors });
  return (
    <Card data-testid="sector-allocation">
      <CardHeader>
        <CardTitle className="text-base">Sector Allocation</CardTitle>
        <CardDescription>Share of all bitcoin held, by sector</CardDescription>
      </CardHeader>
      <CardContent>
        {sectors.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sectors yet.</p>
        ) : (
          <ul className="flex flex-col gap-3 text-sm">
            {sectors.map((row) => {
              const guidance = allocationGuidance[row.sector];
              return (
                <li key={row.sector} data-sector={row.sector}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="flex items-center gap-2 font-medium">
                      <span className="size-3 rounded-full" style={{ backgroundColor: sectorColor(row.sector) }} aria-hidden="true" />
                      {row.sector}
                    </span>
                    <span className="tabular-nums">
                      <span className="font-semibold">{row.percentage.toFixed(1)}%</span>
                      <span className="text-muted-foreground"> · {row.count} {row.count === 1 ? 'company' : 'companies'}</span>
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div className="h-full rounded-full" style={{ width: `${Math.min(100, row.percentage)}%`, backgroundColor: sectorColor(row.sector) }} />
                  </div>
                  {guidance && <p className="mt-1 text-xs text-muted-foreground">Optimal allocation: {guidance.label} of treasury in bitcoin</p>}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
