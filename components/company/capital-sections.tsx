import Link from 'next/link';
import { TextList } from '@/components/shared/text-list';
import { Badge } from '@/components/ui/badge';
import { formatBtc, formatDay, formatMoney, formatMultiple, formatPercent, formatPrice } from '@/lib/format';
import { enUsNumber } from '@/lib/en-us';
import { shareBases, shareBasisShortLabels, type ShareCountAt } from '@/lib/capital/kpis';
import type { CapitalStructureView, KpiWindow, KpisView, IssuanceView } from '@/lib/capital/service';
import type { Stated, StackInstrument } from '@/lib/capital/stack';
import type { IssuanceEvent } from '@/lib/capital/issuance';

// The company page's capital sections (issue 26), server-rendered from lib/capital/service.ts: every
// figure beside its dates and source, "—" with the reason where it cannot be computed.

/** A table that scrolls inside its own labelled, focusable box so the page never scrolls sideways at 375 px. */
function TableBox({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring" data-testid={testId}>
      <table className="w-full min-w-max text-sm [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-medium [&_thead]:bg-muted/50 [&_tr]:border-b">
        {children}
      </table>
    </div>
  );
}

function Unknown({ reason }: { reason: string }) {
  return (
    <span className="text-muted-foreground" title={reason} aria-label={`not computable: ${reason}`} data-testid="unknown-value">
      —<span className="block max-w-56 text-xs whitespace-normal">{reason}</span>
    </span>
  );
}

const Muted = ({ children }: { children: React.ReactNode }) => <span className="block text-xs text-muted-foreground">{children}</span>;

/** A stored source as subscribers read it: its document and filing, without the web addresses some rows keep. */
const readableSource = (source: string) => source.replace(/\s*https?:\/\/\S*?(?=[);]|$)/g, '').trim();

/** A reason as subscribers read it: share bases by their short names. */
const inWords = (reason: string) => shareBases.reduce((text, basis) => text.replaceAll(basis, shareBasisShortLabels[basis]), reason);

const shares = (value: number) => enUsNumber(Math.round(value));
const sats = (btcPerShare: number) => `${enUsNumber(btcPerShare * 1e8, 0)} sats`;

function ShareCount({ count }: { count: ShareCountAt }) {
  return (
    <Muted>
      {shares(count.shares)} shares of {formatDay(count.countDate)}
      {count.derived && (
        <>
          {' '}
          <Badge variant="outline" className="px-1 py-0 text-[10px]" title={`Reported count plus ${shares(count.addedShares)} shares the 8-Ks report sold (${count.addedFrom.join('; ')})`}>
            derived
          </Badge>{' '}
          to {formatDay(count.currentTo)}
        </>
      )}
    </Muted>
  );
}

function KpiRow({ window }: { window: KpiWindow }) {
  const label = window.name === 'custom' ? 'Custom' : window.name.replace(/(\d+)d$/, '$1 d');
  const { kpi } = window;
  return (
    <tr data-testid={`kpi-${window.name}`}>
      <th scope="row">
        {label}
        <Muted>
          {formatDay(kpi.ok ? kpi.from.date : window.from)} → {formatDay(kpi.ok ? kpi.to.date : window.to)}
        </Muted>
      </th>
      {kpi.ok ? (
        <>
          <td data-testid="kpi-yield" title={`On ${kpi.basisLabel}`}>
            {formatPercent(kpi.btcYieldPercent, 2)}
            <Muted>{shareBasisShortLabels[kpi.basis]}</Muted>
          </td>
          <td>{formatBtc(kpi.btcGain)}</td>
          <td>
            {kpi.btcDollarGain === null ? '—' : formatMoney(kpi.btcDollarGain)}
            {kpi.btcPriceAsOf && <Muted>BTC at {formatPrice(kpi.btcPriceUsd!)} on {formatDay(kpi.btcPriceAsOf)}</Muted>}
          </td>
          <td>
            <ShareCount count={kpi.from.shares} />
            <ShareCount count={kpi.to.shares} />
          </td>
        </>
      ) : (
        <td colSpan={4}>
          <Unknown reason={inWords(kpi.reason)} />
        </td>
      )}
    </tr>
  );
}

/** Strategy's KPIs over the standard windows and a chosen one, days to cover mNAV and the company's own figure. */
export function StrategyKpis({ kpis, slug, windowError }: { kpis: KpisView; slug: string; windowError: string | null }) {
  if (!kpis.windows.length) return <Unknown reason={inWords(kpis.reason ?? 'not computable')} />;
  const days = kpis.daysToCoverMnav;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Basis: <span data-testid="kpi-basis">{kpis.basis ? shareBasisShortLabels[kpis.basis] : '—'}</span>
        <Muted>{kpis.basisLabel}</Muted>
      </p>
      <TableBox label="BTC Yield, BTC Gain and BTC $ Gain by window" testId="kpi-table">
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col">BTC Yield</th>
            <th scope="col">BTC Gain</th>
            <th scope="col">BTC $ Gain</th>
            <th scope="col">Share counts used (start, end)</th>
          </tr>
        </thead>
        <tbody>
          {kpis.windows.map((window) => (
            <KpiRow key={window.name} window={window} />
          ))}
          {kpis.window?.name === 'custom' && <KpiRow window={kpis.window} />}
        </tbody>
      </TableBox>
      <form method="get" action={`/companies/${encodeURIComponent(slug)}#kpis`} className="flex flex-wrap items-end gap-2 text-sm" aria-label="Custom KPI window">
        <label className="flex flex-col gap-1">
          From
          <input type="date" name="from" required defaultValue={kpis.window?.name === 'custom' ? kpis.window.from : undefined} className="rounded-md border bg-background px-2 py-1" />
        </label>
        <label className="flex flex-col gap-1">
          To
          <input type="date" name="to" required defaultValue={kpis.window?.name === 'custom' ? kpis.window.to : undefined} className="rounded-md border bg-background px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md border px-3 py-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
          Compute window
        </button>
        {windowError && (
          <p role="alert" className="w-full text-destructive">
            {windowError}
          </p>
        )}
      </form>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div data-testid="days-to-cover">
          <dt className="font-medium">Days to cover mNAV</dt>
          <dd>
            {days.value !== null ? `${enUsNumber(days.value, 0)} days` : <Unknown reason={days.reason ?? 'not computable'} />}
            {days.mNav !== null && (
              <Muted>
                {days.mNavBasis} {formatMultiple(days.mNav)} of {formatDay(days.mNavAsOf)}; 90 d BTC Yield {formatPercent(days.btcYield90Percent, 2)}
              </Muted>
            )}
          </dd>
        </div>
        {kpis.companyFigure && (
          <div data-testid="kpi-company-figure">
            <dt className="font-medium">The company&apos;s own BTC Yield</dt>
            <dd>
              {formatPercent(kpis.companyFigure.btcYieldPercent, 2)} ({formatDay(kpis.companyFigure.from)} → {formatDay(kpis.companyFigure.to)}; {readableSource(kpis.companyFigure.source)})
              {kpis.window?.kpi.ok && <Muted>Ours over that window: {formatPercent(kpis.window.kpi.btcYieldPercent, 2)}.</Muted>}
              <Muted>{kpis.companyFigure.explanation}</Muted>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function Dated<Value>({ stated, format, asOf }: { stated: Stated<Value> | null; format: (value: Value) => string; asOf: string | null }) {
  if (!stated) return <>—</>;
  return (
    <>
      {format(stated.value)}
      {stated.asOf && stated.asOf !== asOf && <Muted>as of {formatDay(stated.asOf)}</Muted>}
    </>
  );
}

const kindLabels: Record<string, string> = { convertible_note: 'Convertible note', loan: 'Loan', atm_program: 'ATM program' };
const kindLabel = (kind: string) => kindLabels[kind] ?? kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

function InstrumentRow({ instrument, structure }: { instrument: StackInstrument; structure: CapitalStructureView }) {
  const money = structure.converts.find((convert) => convert.instrumentId === instrument.id);
  const rating = instrument.btcRating;
  const earlier = rating.value === null ? structure.earlierRatings[instrument.id] : undefined;
  return (
    <tr data-testid="instrument-row">
      <td>{kindLabel(instrument.kind)}</td>
      <th scope="row">
        {instrument.name}
        {instrument.ticker && instrument.ticker !== instrument.name && <Muted>{instrument.ticker}</Muted>}
      </th>
      <td>
        {instrument.kind === 'atm_program' && instrument.available ? (
          <>
            {formatMoney(instrument.available.value)} available
            {instrument.available.asOf && <Muted>as of {formatDay(instrument.available.asOf)}</Muted>}
          </>
        ) : (
          <Dated stated={instrument.notional} format={formatMoney} asOf={structure.asOf} />
        )}
      </td>
      <td>
        <Dated stated={instrument.rate} format={(value) => `${enUsNumber(value, 3)}%`} asOf={structure.asOf} />
      </td>
      <td>{formatDay(instrument.maturityDate)}</td>
      <td>
        <Dated stated={instrument.conversionPrice} format={formatPrice} asOf={structure.asOf} />
        {money && (
          <Muted>
            {money.inTheMoney ? 'In' : 'Out of'} the money at {formatPrice(money.sharePriceUsd)} ({formatDay(money.sharePriceAsOf)})
            {money.sharesIfConverted !== null && `; adds ${shares(money.sharesIfConverted)} shares`}
          </Muted>
        )}
      </td>
      <td>
        {instrument.seniority ? (
          <span title={`Stated in: ${readableSource(instrument.seniority.source)}`}>
            {instrument.seniority.value}
            {instrument.seniority.asOf && <Muted>latest filing {formatDay(instrument.seniority.asOf)}</Muted>}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td>
        {rating.value !== null ? formatMultiple(rating.value) : <Muted>not available: {rating.reason.replace(/^not available: /, '')}</Muted>}
        {earlier && (
          <Muted>
            {formatMultiple(earlier.value)} on {formatDay(earlier.asOf)}, before {earlier.before} was issued ({formatDay(earlier.issued)})
          </Muted>
        )}
      </td>
      <td>
        <Muted>{instrument.sources.map(readableSource).join('; ')}</Muted>
      </td>
    </tr>
  );
}

/** The instruments by seniority with totals at notional, amplification and coverage. */
export function CapitalStack({ structure }: { structure: CapitalStructureView }) {
  if (!structure.instruments.length) return <Unknown reason="no instruments are stored for this company" />;
  const { amplification, annualObligations: annual, coverage, reported } = structure;
  return (
    <div className="flex flex-col gap-3">
      <TableBox label="Instruments of the capital stack" testId="capital-stack-table">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Name</th>
            <th scope="col">Notional</th>
            <th scope="col">Coupon / dividend</th>
            <th scope="col">Maturity</th>
            <th scope="col">Conversion price</th>
            <th scope="col">Seniority</th>
            <th scope="col">BTC rating</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {structure.instruments.map((instrument) => (
            <InstrumentRow key={instrument.id} instrument={instrument} structure={structure} />
          ))}
        </tbody>
      </TableBox>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="font-medium">Debt at notional</dt>
          <dd>
            {formatMoney(structure.debt?.valueUsd)}
            {structure.debt && <Muted>{structure.debt.basis}</Muted>}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Preferred at notional</dt>
          <dd>
            {formatMoney(structure.preferred?.valueUsd)}
            {structure.preferred?.excluded.length ? <Muted>not added: {structure.preferred.excluded.join('; ')}</Muted> : null}
          </dd>
        </div>
        <div data-testid="amplification">
          <dt className="font-medium">
            <span title={amplification.formula} tabIndex={0} className="underline decoration-dotted underline-offset-2" aria-describedby="amplification-formula">
              Amplification
            </span>
          </dt>
          <dd>
            {amplification.value !== null ? formatPercent(amplification.value * 100, 1) : <Unknown reason={amplification.reason ?? 'not computable'} />}
            <Muted>
              <span id="amplification-formula">{amplification.formula}</span>
              {structure.btcNav && `; BTC NAV ${formatMoney(structure.btcNav.valueUsd)} of ${formatDay(structure.btcNav.btcHeld.asOf)}`}
            </Muted>
            {amplification.leftOut.length > 0 && <Muted>left out: {amplification.leftOut.join('; ')}</Muted>}
            {reported?.company.debt_pref_by_btc_nav != null && (
              <Muted>
                The company&apos;s own: {formatPercent(reported.company.debt_pref_by_btc_nav * 100, 1)} on {formatDay(reported.date)} ({readableSource(reported.source)})
              </Muted>
            )}
          </dd>
        </div>
        <div data-testid="coverage">
          <dt className="font-medium">Annual coupons and dividends</dt>
          <dd>
            {formatMoney(annual?.valueUsd)}
            {annual && (
              <Muted>
                interest {formatMoney(annual.interestUsd)}, dividends {formatMoney(annual.dividendsUsd)}
              </Muted>
            )}
            <Muted>
              Covered by {coverage.btcYears !== null ? `${coverage.btcYears.toFixed(1)} years of BTC` : '— years of BTC'}
              {', '}
              {coverage.usdReserveMonths !== null ? `${coverage.usdReserveMonths.toFixed(1)} months of USD reserve` : '— months of USD reserve'}
              {coverage.usdReserve && ` (reserve of ${formatDay(coverage.usdReserve.asOf)})`}
              {coverage.reason && `; ${coverage.reason}`}
            </Muted>
          </dd>
        </div>
      </dl>
      {reported && reported.differences.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">Why ours differs from the company&apos;s figures of {formatDay(reported.date)}</summary>
          <TextList items={reported.differences} className="mt-1 list-disc pl-5 text-muted-foreground" />
        </details>
      )}
    </div>
  );
}

function Verdict({ event }: { event: IssuanceEvent }) {
  if (event.accretion) {
    const { accretion } = event;
    return (
      <>
        <Badge variant={event.accretive ? 'default' : 'destructive'} data-testid="accretion-badge">
          {event.accretive ? 'Accretive' : 'Dilutive'}
        </Badge>
        <Muted>
          issued at {formatPrice(accretion.issuePriceUsd)} vs BTC NAV {formatPrice(accretion.navPerShareUsd)} per {shareBasisShortLabels[accretion.basis]} share
        </Muted>
        <Muted>
          BTC per share {sats(accretion.btcPerShareBefore)} → {sats(accretion.btcPerShareAfter)}
        </Muted>
        <ShareCount count={accretion.sharesBefore} />
      </>
    );
  }
  if (event.seniorRaise) {
    const raise = event.seniorRaise;
    return (
      <>
        {raise.btcPerShareBought !== null && <Muted>bought {sats(raise.btcPerShareBought)} per share</Muted>}
        {raise.amplificationChange !== null && (
          <Muted>
            amplification {formatPercent((raise.amplificationBefore ?? 0) * 100, 1)} → {formatPercent((raise.amplificationAfter ?? 0) * 100, 1)}
          </Muted>
        )}
        {raise.reason && <Muted>{raise.reason}</Muted>}
      </>
    );
  }
  return event.reason ? <Muted>{event.reason}</Muted> : null;
}

const issuanceCap = 25;

function EventRow({ event }: { event: IssuanceEvent }) {
  const isPurchase = event.eventType === 'btc_purchase';
  return (
    <tr data-testid="issuance-row">
      <td>
        {event.periodStart ? `${formatDay(event.periodStart)} – ` : ''}
        {formatDay(event.periodEnd ?? event.filingDate)}
      </td>
      <td>{isPurchase ? 'BTC purchase' : `${event.security ?? ''} sale`.trim()}</td>
      <td>
        {isPurchase ? (
          <>
            {formatBtc(event.btcAcquired)}
            <Muted>
              {event.costUsd !== null ? formatMoney(event.costUsd) : 'cost not stated'}
              {event.avgPriceUsd !== null && `, average ${formatPrice(event.avgPriceUsd)}`}
            </Muted>
          </>
        ) : (
          <>
            {event.sharesSold !== null ? `${shares(event.sharesSold)} shares` : '—'}
            <Muted>proceeds {formatMoney(event.netProceedsUsd)}</Muted>
          </>
        )}
      </td>
      <td>
        <Verdict event={event} />
      </td>
      <td>
        <Muted>{[event.accession, readableSource(event.source)].filter(Boolean).join('; ')}</Muted>
      </td>
    </tr>
  );
}

/**
 * Purchases and raises, newest first: the latest events, the full history on request (`?issuance=all`,
 * a link, so it needs no script). Strategy files over a hundred, and all of them in the page at once
 * make it heavy to build and to load on a phone.
 */
export function Issuance({ issuance, showAll, toggleHref }: { issuance: IssuanceView; showAll: boolean; toggleHref: string }) {
  if (!issuance.events.length) return <Unknown reason="no purchases or capital raises are stored for this company" />;
  const events = [...issuance.events].sort((a, b) => (b.periodEnd ?? b.filingDate ?? '').localeCompare(a.periodEnd ?? a.filingDate ?? ''));
  const shown = showAll ? events : events.slice(0, issuanceCap);
  return (
    <div className="flex flex-col gap-2">
      <TableBox label="Purchases and capital raises" testId="issuance-table">
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Event</th>
            <th scope="col">Amount</th>
            <th scope="col">Effect on BTC per share</th>
            <th scope="col">Filing</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </tbody>
      </TableBox>
      {events.length > issuanceCap && (
        <p className="text-sm text-muted-foreground">
          {showAll ? `All ${events.length} events. ` : `The latest ${issuanceCap} of ${events.length} events. `}
          <Link href={toggleHref} className="font-medium text-foreground underline underline-offset-2" data-testid="issuance-toggle">
            {showAll ? `Show the latest ${issuanceCap}` : `Show all ${events.length} events`}
          </Link>
        </p>
      )}
    </div>
  );
}
