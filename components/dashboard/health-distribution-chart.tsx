'use client';

import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartTooltipStyle } from '@/components/ui/chart-tooltip-style';
import type { HealthSlice } from './health-slices';

export function HealthDistributionChart({ slices }: { slices: HealthSlice[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={slices} dataKey="value" nameKey="label" innerRadius="55%" outerRadius="90%" paddingAngle={2} isAnimationActive={false} stroke="none">
          {slices.map((slice) => (
            <Cell key={slice.key} fill={slice.color} />
          ))}
        </Pie>
        <Tooltip {...chartTooltipStyle} formatter={(value, name) => [`${Number(value)}%`, String(name)]} />
      </PieChart>
    </ResponsiveContainer>
  );
}
