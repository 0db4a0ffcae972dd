import { describeYield, yieldWindows } from '../capital/btc-yield';
import { loadBtcYields } from '../capital/btc-yield';
import type { Db } from '../db';
import { formatBtc, formatMoney } from '../format';
import { AppError } from '../http/errors';
import { PdfDocumentBuilder } from '../pdf/document';
import { metricsView } from '../treasury/repository';
import { reportDisclaimer } from './generate';
import { isoDay } from '../dates';

// The signal investigation PDF (spec 001 §4 Export Report), built from the stored signal, its
// company's metrics and holdings with their sources, the filing facts and the stored BTC prices.

const day = 86_400_000;
const stamp = (date: Date | null | undefined) => (date ? `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC` : 'n/a');

function flattenDetails(details: string | null): [string, string][] {
  if (!details) return [];
  try {
    const parsed: unknown = JSON.parse(details);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .slice(0, 20)
      .map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]);
  } catch {
    return [['details', details]];
  }
}

export async function buildSignalInvestigation(db: Db, id: string, now = new Date()): Promise<{ pdf: Uint8Array; filename: string }> {
  const signal = await db.signal.findUnique({ where: { id } });
  if (!signal) throw new AppError('not_found', 'Signal not found');
  const company = signal.companyId ? await db.company.findUnique({ where: { id: signal.companyId }, include: { metrics: true } }) : null;
  const [recent, snapshots, priceAtSignal, latestPrice, monthBefore] = await Promise.all([
    signal.companyId
      ? db.signal.findMany({ where: { companyId: signal.companyId, id: { not: signal.id } }, orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }], take: 15 })
      : Promise.resolve([]),
    signal.companyId ? db.holdingSnapshot.findMany({ where: { companyId: signal.companyId }, orderBy: [{ asOf: 'desc' }, { createdAt: 'desc' }], take: 1000 }) : Promise.resolve([]),
    db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: signal.detectedAt } }, orderBy: { at: 'desc' } }),
    db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: now } }, orderBy: { at: 'desc' } }),
    db.marketPrice.findFirst({ where: { symbol: 'BTC', at: { lte: new Date(signal.detectedAt.getTime() - 30 * day) } }, orderBy: { at: 'desc' } }),
  ]);

  // The daily table repeats unchanged quantities; the readings that changed tell the story.
  const readings = snapshots.filter((snapshot, index) => index === snapshots.length - 1 || snapshot.quantity !== snapshots[index + 1]!.quantity).slice(0, 15);

  const doc = await PdfDocumentBuilder.create({
    title: `Signal Investigation: ${signal.companyName}`,
    subtitle: signal.description,
    meta: [
      ['Signal', signal.id],
      ['Severity', signal.severity],
      ['Type', signal.signalType],
      ['Detected', stamp(signal.detectedAt)],
      ['Generated', stamp(now)],
    ],
    disclaimer: reportDisclaimer,
  });

  doc.heading('Signal details');
  doc.keyValues([
    ['Company', signal.companyName],
    ['Severity', signal.severity],
    ['Confidence', `${signal.confidence}%`],
    ['Type', signal.signalType],
    ['Source', signal.source],
    ['Detected', stamp(signal.detectedAt)],
  ]);
  doc.paragraph(signal.description);

  doc.heading('Filing facts');
  const facts: [string, string][] = [
    ['Form type', signal.formType ?? 'n/a'],
    ['Filed', stamp(signal.filedAt)],
    ['Filing URL', signal.filingUrl ?? 'n/a'],
    ['Share price at detection', signal.currentPrice ? formatMoney(signal.currentPrice) : 'n/a'],
    ...flattenDetails(signal.details),
  ];
  doc.table([{ header: 'Fact', width: 1 }, { header: 'Value', width: 3 }], facts);

  doc.heading('Company');
  if (company) {
    const metrics = metricsView(company.metrics);
    const yields = (await loadBtcYields(db, [company.id], now)).get(company.id)!;
    doc.keyValues([
      ['Name', `${company.name} (${company.ticker}, ${company.exchange})`],
      ['Sector', company.sector ?? 'Other'],
      ['BTC holdings', formatBtc(company.btcHoldings)],
      ['Value at the latest price', latestPrice ? formatMoney(company.btcHoldings * latestPrice.priceUsd) : 'n/a'],
      ['Holdings as of', stamp(company.holdingsAsOf)],
      ['Holdings source', company.source],
      ['Health grade', metrics.healthGrade],
      ['Risk score', metrics.aiRiskScore.toFixed(1)],
      ['Conviction', metrics.convictionScore.toFixed(1)],
      ['Governance', metrics.governanceScore.toFixed(1)],
      ['mNAV', metrics.premiumToNav === null ? 'n/a' : `${metrics.premiumToNav.toFixed(2)}x`],
    ]);
    // The KPI service's figures, as on the company page: each window with its basis and dates.
    doc.heading('BTC yield', 2);
    doc.bullets(yieldWindows.map((window) => describeYield(yields.windows[window])));
    const sources = [...new Set(yieldWindows.flatMap((window) => yields.windows[window].sources))];
    if (sources.length) doc.paragraph(`Sources: ${sources.join('; ')}.`, { size: 9 });
    if (metrics.defaults.length) doc.paragraph(`Defaults used (inputs missing): ${metrics.defaults.join(', ')}.`, { size: 9 });
    if (company.holdingsSourceUrl) doc.paragraph(`Holdings source document: ${company.holdingsSourceUrl}`, { size: 9 });
    doc.heading('Holdings changes', 2);
    doc.table(
      [{ header: 'As of', width: 1 }, { header: 'Quantity', width: 1.2, align: 'right' }, { header: 'Source', width: 1.4 }, { header: 'Document', width: 2.6 }],
      readings.map((snapshot) => [isoDay(snapshot.asOf), formatBtc(snapshot.quantity), snapshot.source, snapshot.sourceUrl ?? '-']),
      { emptyText: 'No holdings readings stored.' },
    );
    const points = readings.slice().reverse().map((snapshot) => ({ label: isoDay(snapshot.asOf), value: snapshot.quantity }));
    if (points.length > 1) doc.lineChart('BTC held at each change', points, (value) => formatBtc(Math.round(value)));
  } else {
    doc.paragraph('The signal is not linked to a tracked company.');
  }

  doc.heading('Recent signals of the same company');
  doc.table(
    [{ header: 'Detected', width: 1 }, { header: 'Severity', width: 0.8 }, { header: 'Type', width: 1 }, { header: 'Description', width: 3.6 }],
    recent.map((other) => [isoDay(other.detectedAt), other.severity, other.signalType, other.description]),
    { emptyText: 'No other signals for this company.' },
  );

  doc.heading('Market context');
  const change = (from: number | undefined, to: number | undefined) => (from && to ? `${(((to - from) / from) * 100).toFixed(1)}%` : 'n/a');
  doc.keyValues([
    ['BTC at detection', priceAtSignal ? `${formatMoney(priceAtSignal.priceUsd)} (${isoDay(priceAtSignal.at)})` : 'n/a'],
    ['BTC now', latestPrice ? `${formatMoney(latestPrice.priceUsd)} (${isoDay(latestPrice.at)})` : 'n/a'],
    ['BTC 30 days before detection', monthBefore ? formatMoney(monthBefore.priceUsd) : 'n/a'],
    ['Change into the signal (30d)', change(monthBefore?.priceUsd, priceAtSignal?.priceUsd)],
    ['Change since the signal', change(priceAtSignal?.priceUsd, latestPrice?.priceUsd)],
    ['Price source', latestPrice?.source ?? 'n/a'],
  ]);

  return { pdf: await doc.finish(), filename: `signal-investigation-${signal.id}-${now.getTime()}.pdf` };
}
