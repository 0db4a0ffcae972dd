'use client';

import { Bell, Download } from 'lucide-react';
import { TextList } from '@/components/shared/text-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney, formatPrice, formatSignedPercent } from '@/lib/format';
import type { Figure } from '@/lib/signals/market-impact';
import type { MarketImpactDto } from '@/lib/signals/schema';

// The Market Impact Analysis panel's results (spec 001 §2): each figure with the reason when the
// stored data cannot support it.

function FigureValue<T>({ figure, format }: { figure: Figure<T>; format: (value: T) => string }) {
  if (figure.value === null) {
    return (
      <span className="text-muted-foreground" title={figure.reason}>
        n/a
      </span>
    );
  }
  return <>{format(figure.value)}</>;
}

const pct = (value: number) => formatSignedPercent(value);
const plainPct = (value: number) => `${value}%`;

function Tile({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border p-3 text-center" data-testid={`tile-${label}`}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-xl font-bold">{children}</p>
    </div>
  );
}

function Row({ label, figure, children }: { label: string; figure?: Figure<unknown>; children: React.ReactNode }) {
  return (
    <div className="py-1 text-sm">
      <div className="flex justify-between gap-3">
        <span className="text-muted-foreground">{label}</span>
        <span className="text-right font-medium whitespace-nowrap">{children}</span>
      </div>
      {figure?.reason && <p className="text-right text-xs text-muted-foreground">{figure.reason}</p>}
    </div>
  );
}

export function MarketImpactResults({ result, onExport, onPriceAlerts }: { result: MarketImpactDto; onExport: () => void; onPriceAlerts: () => void }) {
  const { priceImpact, marketComparison, tradingMetrics, predictiveModeling } = result;
  return (
    <div className="space-y-4">
      {result.basisNote && (
        <p className="rounded-md border border-warning/40 bg-warning/10 p-2 text-sm" data-testid="basis-note">
          {result.basisNote}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="Price Change">
          <FigureValue figure={priceImpact.percentChange} format={pct} />
        </Tile>
        <Tile label="Volume Increase">
          <FigureValue figure={priceImpact.volumeIncrease} format={plainPct} />
        </Tile>
        <Tile label="BTC Correlation">
          <FigureValue figure={marketComparison.bitcoinCorrelation} format={(value) => value.toFixed(2)} />
        </Tile>
        <Tile label="Confidence">{result.confidence}%</Tile>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Price Movement Analysis</CardTitle>
          </CardHeader>
          <CardContent>
            <Row label="Pre-Announcement Price" figure={priceImpact.preAnnouncementPrice}>
              <FigureValue figure={priceImpact.preAnnouncementPrice} format={formatPrice} />
            </Row>
            <Row label="Current Price" figure={priceImpact.currentPrice}>
              <FigureValue figure={priceImpact.currentPrice} format={formatPrice} />
            </Row>
            <Row label="Net Change" figure={priceImpact.percentChange}>
              <FigureValue figure={priceImpact.percentChange} format={pct} />
            </Row>
            <Row label="Sector Average" figure={marketComparison.sectorAverage}>
              <FigureValue figure={marketComparison.sectorAverage} format={pct} />
            </Row>
            <Row label="Crypto Sector Impact" figure={marketComparison.cryptoSectorImpact}>
              <FigureValue figure={marketComparison.cryptoSectorImpact} format={(value) => `${value >= 0 ? '+' : ''}${formatMoney(value)} BTC holdings value`} />
            </Row>
          </CardContent>
        </Card>
        <div className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>Trading Metrics</CardTitle>
            </CardHeader>
            <CardContent>
              <Row label="Volume Spike" figure={tradingMetrics.volumeSpike}>
                <FigureValue figure={tradingMetrics.volumeSpike} format={(value) => `${value}x`} />
              </Row>
              <Row label="Volatility Index" figure={tradingMetrics.volatilityIndex}>
                <FigureValue figure={tradingMetrics.volatilityIndex} format={(value) => `${value}% annualised`} />
              </Row>
              <Row label="Retail Sentiment" figure={tradingMetrics.retailSentiment}>
                <FigureValue figure={tradingMetrics.retailSentiment} format={(value) => value} />
              </Row>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Predictive Forecast</CardTitle>
            </CardHeader>
            <CardContent>
              <Row label="Short-term Outlook" figure={predictiveModeling.shortTermForecast}>
                <FigureValue figure={predictiveModeling.shortTermForecast} format={(value) => value} />
              </Row>
              <Row label="Confidence Interval" figure={predictiveModeling.confidenceInterval}>
                <FigureValue figure={predictiveModeling.confidenceInterval} format={(value) => `±${value}% (95%, 7 days)`} />
              </Row>
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <FactorList title="Key Price Drivers" items={predictiveModeling.keyDrivers} none="No driver stands out in the stored data." />
        <FactorList title="Risk Factors" items={predictiveModeling.riskFactors} none="No risk factor stands out in the stored data." />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onExport}>
          <Download aria-hidden="true" />
          Export Analysis Report
        </Button>
        <Button variant="outline" onClick={onPriceAlerts}>
          <Bell aria-hidden="true" />
          Set Price Alerts
        </Button>
      </div>
    </div>
  );
}

function FactorList({ title, items, none }: { title: string; items: readonly string[]; none: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length ? (
          <TextList items={items} className="list-disc space-y-1 pl-5 text-sm" />
        ) : (
          <p className="text-sm text-muted-foreground">{none}</p>
        )}
      </CardContent>
    </Card>
  );
}
