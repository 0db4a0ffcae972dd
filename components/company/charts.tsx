'use client';

import { CartesianGrid, Dot, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartTooltipStyle } from '@/components/ui/chart-tooltip-style';
import { formatBtc, formatDay, formatMultiple, formatPrice } from '@/lib/format';

// The company and compare pages' charts. recharts lives only here, and this module is loaded by
// next/dynamic when a chart nears the viewport (chart-slot.tsx), so it stays out of the first load.

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const axis = { fontSize: 11, tick: { fill: 'currentColor' }, stroke: 'currentColor' } as const;
const dateAxis = { dataKey: 'date', minTickGap: 40, tickFormatter: (value: string) => shortDate.format(new Date(value)), ...axis } as const;
const btcNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

export interface HoldingsPoint {
  date: string;
  btc: number;
  source: string;
  /** A reading that changed the figure (or its source): drawn as a dot, its source in the tooltip. */
  isChange: boolean;
}

export function HoldingsChart({ points }: { points: HoldingsPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 5, right: 10, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
        <XAxis {...dateAxis} />
        <YAxis width={70} domain={['auto', 'auto']} tickFormatter={(value: number) => value.toLocaleString('en-US')} {...axis} />
        <Tooltip
          {...chartTooltipStyle}
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value, _name, item) => [`${formatBtc(Number(value))} (${(item.payload as HoldingsPoint).source})`, 'BTC held']}
        />
        <Line
          type="stepAfter"
          dataKey="btc"
          stroke="#f59e0b"
          strokeWidth={2}
          isAnimationActive={false}
          dot={(props: { cx?: number; cy?: number; index?: number; payload?: HoldingsPoint }) =>
            props.payload?.isChange ? <Dot key={props.index} cx={props.cx} cy={props.cy} r={3} fill="#f59e0b" stroke="none" /> : <g key={props.index} />
          }
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function BtcPerShareChart({ points }: { points: { date: string; value: number; source: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 5, right: 10, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
        <XAxis {...dateAxis} />
        <YAxis width={70} domain={['auto', 'auto']} tickFormatter={(value: number) => btcNumber.format(value)} {...axis} />
        <Tooltip {...chartTooltipStyle} labelFormatter={(label) => formatDay(String(label))} formatter={(value, _name, item) => [`${btcNumber.format(Number(value))} (${(item.payload as { source: string }).source})`, 'BTC per 1,000 shares']} />
        <Line type="stepAfter" dataKey="value" stroke="#10b981" dot={false} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface MnavPricePoint {
  date: string;
  mnav: number | null;
  priceUsd: number | null;
}

/** mNAV (left axis) beside the share price in USD (right axis), on the days either is known. */
export function MnavPriceChart({ points, basisLabel }: { points: MnavPricePoint[]; basisLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 5, right: 0, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
        <XAxis {...dateAxis} />
        <YAxis yAxisId="mnav" width={45} domain={['auto', 'auto']} tickFormatter={(value: number) => `${value.toFixed(1)}×`} {...axis} />
        <YAxis yAxisId="price" orientation="right" width={55} domain={['auto', 'auto']} tickFormatter={(value: number) => formatPrice(value)} {...axis} />
        <Tooltip
          {...chartTooltipStyle}
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value, name) => (name === 'priceUsd' ? [formatPrice(Number(value)), 'Share price'] : [formatMultiple(Number(value)), `mNAV (${basisLabel})`])}
        />
        <Legend formatter={(name) => (name === 'priceUsd' ? 'Share price (USD)' : `mNAV (${basisLabel})`)} wrapperStyle={{ fontSize: 12 }} />
        <Line yAxisId="mnav" type="monotone" dataKey="mnav" stroke="#3b82f6" dot={false} strokeWidth={2} isAnimationActive={false} connectNulls />
        <Line yAxisId="price" type="monotone" dataKey="priceUsd" stroke="#a855f7" dot={false} strokeWidth={1.5} isAnimationActive={false} connectNulls />
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface IndexedSeries {
  key: string;
  label: string;
  color: string;
}

/** Several companies' series, each indexed to 100 on the common start date. */
export function IndexedChart({ rows, series }: { rows: Record<string, number | string | null>[]; series: IndexedSeries[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 5, right: 10, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
        <XAxis {...dateAxis} />
        <YAxis width={45} domain={['auto', 'auto']} tickFormatter={(value: number) => value.toFixed(0)} {...axis} />
        <Tooltip {...chartTooltipStyle} labelFormatter={(label) => formatDay(String(label))} formatter={(value, name) => [Number(value).toFixed(1), series.find((entry) => entry.key === name)?.label ?? String(name)]} />
        <Legend formatter={(name) => series.find((entry) => entry.key === name)?.label ?? String(name)} wrapperStyle={{ fontSize: 12 }} />
        {series.map((entry) => (
          <Line key={entry.key} type="monotone" dataKey={entry.key} stroke={entry.color} dot={false} strokeWidth={2} isAnimationActive={false} connectNulls />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
