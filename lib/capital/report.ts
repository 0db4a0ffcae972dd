// `npm run metrics:report`'s capital section: for every company with capital rows, which of the
// capital figures the stored data allows (and why not), so a gap is counted rather than hidden.
import type { Db } from '../db';
import { companyOrNotFound, loadCapitalData } from './repository';
import { mnavBases } from './mnav-basis';
import { capitalStructureOf, daysToCoverInput, issuanceOf, kpisOf, mnavHistoryOf } from './service';

const fixed = (value: number | null | undefined, digits: number) => (value === null || value === undefined ? '—' : value.toFixed(digits));

export async function capitalCoverageLines(db: Db, now = new Date()): Promise<string[]> {
  const companies = await db.company.findMany({
    where: { OR: [{ capitalInstruments: { some: {} } }, { shareCounts: { some: {} } }, { capitalEvents: { some: {} } }] },
    select: { id: true },
    orderBy: { btcHoldings: 'desc' },
  });
  const lines = [`Companies with capital rows: ${companies.length}`];
  const totals = { amplification: 0, ratings: 0, unrated: 0, coverage: 0, yields: 0, accretion: 0, days: 0 };
  for (const { id } of companies) {
    const company = await companyOrNotFound(db, id);
    const [data, metric] = await Promise.all([loadCapitalData(db, company, { now }), daysToCoverInput(db, id)]);
    const stack = capitalStructureOf(data, now);
    const kpis = kpisOf(data, {}, metric);
    const issuance = issuanceOf(data);
    const claims = stack.instruments.filter((instrument) => instrument.kind.startsWith('preferred') || instrument.kind === 'convertible_note' || instrument.kind === 'loan');
    const rated = claims.filter((instrument) => instrument.btcRating.value !== null).length;
    const common = issuance.events.filter((event) => event.raiseKind === 'common');
    const preferred = issuance.events.filter((event) => event.raiseKind === 'preferred');
    totals.amplification += stack.amplification.value !== null ? 1 : 0;
    totals.ratings += rated;
    totals.unrated += claims.length - rated;
    totals.coverage += stack.coverage.btcYears !== null ? 1 : 0;
    totals.yields += kpis.windows.some((window) => window.kpi.ok) ? 1 : 0;
    totals.accretion += common.filter((event) => event.accretive !== null).length;
    totals.days += kpis.daysToCoverMnav.value !== null ? 1 : 0;
    lines.push(`  ${company.ticker.padEnd(8)} instruments ${stack.instruments.length}; debt ${stack.debt ? `$${(stack.debt.valueUsd / 1e9).toFixed(3)}bn (${stack.debt.newestAsOf})` : '—'}; preferred ${stack.preferred ? `$${(stack.preferred.valueUsd / 1e9).toFixed(3)}bn (${stack.preferred.newestAsOf})` : '—'}`);
    lines.push(`           amplification ${fixed(stack.amplification.value, 4)}${stack.amplification.reason ? ` (${stack.amplification.reason})` : ''}; BTC rating ${rated} of ${claims.length} claims${claims.length > rated ? ` (others: ${[...new Set(claims.filter((instrument) => instrument.btcRating.value === null).map((instrument) => (instrument.btcRating.value === null ? instrument.btcRating.reason : '')))].join('; ')})` : ''}`);
    lines.push(`           annual coupons and dividends ${stack.annualObligations ? `$${(stack.annualObligations.valueUsd / 1e6).toFixed(1)}M` : '—'}; coverage ${fixed(stack.coverage.btcYears, 1)} years of BTC, ${fixed(stack.coverage.usdReserveMonths, 1)} months of USD reserve${stack.coverage.reason ? ` (${stack.coverage.reason})` : ''}; converts in the money ${stack.converts.filter((convert) => convert.inTheMoney).length} of ${stack.converts.length}`);
    if (stack.reported) lines.push(`           company's own amplification ${fixed(stack.reported.company.debt_pref_by_btc_nav, 4)} on ${stack.reported.date}, ours that day ${fixed(stack.reported.ours.amplification, 4)}`);
    lines.push(
      `           KPIs on ${kpis.basis ?? 'no basis'}: ${kpis.windows.length ? kpis.windows.map((window) => `${window.name} ${window.kpi.ok ? `${window.kpi.btcYieldPercent.toFixed(2)} %` : '—'}`).join(', ') : kpis.reason}; days to cover mNAV ${fixed(kpis.daysToCoverMnav.value, 1)}${kpis.daysToCoverMnav.reason ? ` (${kpis.daysToCoverMnav.reason})` : ''}`,
    );
    lines.push(
      `           issuance: ${issuance.events.length} events; common raises ${common.length} (accretive ${common.filter((event) => event.accretive === true).length}, dilutive ${common.filter((event) => event.accretive === false).length}, no verdict ${common.filter((event) => event.accretive === null).length}); preferred raises ${preferred.length} (amplification change known for ${preferred.filter((event) => event.seniorRaise?.amplificationChange != null).length})`,
    );
    lines.push(`           mNAV days by basis: ${mnavBases.map((basis) => `${basis} ${mnavHistoryOf(data, basis).points.length}`).join(', ')}`);
  }
  lines.push(
    `Totals: amplification for ${totals.amplification} companies; BTC ratings ${totals.ratings} given, ${totals.unrated} not available; coverage for ${totals.coverage}; BTC Yield for ${totals.yields}; accretion verdicts ${totals.accretion}; days to cover mNAV for ${totals.days}`,
  );
  return lines;
}
