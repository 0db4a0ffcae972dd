import { daysToCoverMnav, btcKpi, shareCountAt, windowStart } from './kpis';
import { issuanceEvents } from './issuance';
import { capitalStack, rowsAsOf } from './stack';
import { dialogYields } from './dialog-yields';
import { storedCompanyRows } from '../../prisma/seed/stored-rows';

// Hand computations from the stored rows (prisma/seed-data/capital/ and Strategy's own MSTR file):
// each expected figure is worked out in the comment above it from the rows it names.

const mstr = storedCompanyRows('MSTR', 'NASDAQ');
const held = (value: number, asOf: string) => ({ value, asOf, source: 'test' });

describe("Strategy's KPIs from stored rows", () => {
  it('computes the 2025 BTC Yield, BTC Gain and BTC $ Gain on assumed diluted shares', () => {
    // Start 2024-12-31: 446,400 BTC (Strategy's file) ÷ 281,735,000 assumed diluted (8-K 0000950170-25-025233).
    // End 2025-12-31: 672,500 BTC (8-K 0001193125-26-001550, as of 2025-12-31) ÷ 344,897,000 (strategy.com/shares).
    // Yield = (672,500 / 344,897,000) ÷ (446,400 / 281,735,000) − 1 = 0.0019498575 ÷ 0.0015844677 − 1 = 23.0607 %.
    // BTC Gain = 446,400 × 0.230607 = 102,943.1 BTC; BTC $ Gain = × 87,418.55 (Strategy's BTC price of 2025-12-31).
    // The stored rows hold no FY2025 BTC Yield published by Strategy itself, so no published figure is asserted.
    const answer = btcKpi(mstr.kpi, 'assumed_diluted_strategy_kpi', '2024-12-31', '2025-12-31');
    if (!answer.ok) throw new Error(answer.reason);
    const kpi = answer.value;
    expect(kpi.from).toMatchObject({ btcHeld: 446_400, btcHeldAsOf: '2024-12-31', shares: { shares: 281_735_000, countDate: '2024-12-31', derived: false } });
    expect(kpi.to).toMatchObject({ btcHeld: 672_500, btcHeldAsOf: '2025-12-31', shares: { shares: 344_897_000, countDate: '2025-12-31', derived: false } });
    expect(kpi.btcYieldPercent).toBeCloseTo(23.0607, 3);
    expect(kpi.btcGain).toBeCloseTo(102_943.1, 0);
    expect(kpi.btcDollarGain! / 1e9).toBeCloseTo((102_943.1 * 87_418.55) / 1e9, 2);
    expect(kpi.btcPriceAsOf).toBe('2025-12-31');
  });

  it('derives a count between two reported counts from the shares the 8-Ks report sold, and says so', () => {
    // Count of 2025-06-30: 314,216,000, plus the common shares (and 0.1 share per STRK share) the 8-Ks report sold
    // in periods ending after it and on or before 2025-08-10; the periods added are listed.
    const count = shareCountAt(mstr.kpi, 'assumed_diluted_strategy_kpi', '2025-08-10');
    if (!count.ok) throw new Error(count.reason);
    expect(count.value).toMatchObject({ countDate: '2025-06-30', derived: true });
    expect(count.value.shares).toBeCloseTo(314_216_000 + count.value.addedShares, 0);
    expect(count.value.addedFrom).toContain('MSTR 2025-07-07–2025-07-13');
    // Across the 8-K week stored nowhere (2025-10-06..12) nothing is added: the older count stands, with the reason.
    const gap = shareCountAt(mstr.kpi, 'assumed_diluted_strategy_kpi', '2025-11-30');
    expect(gap.ok && gap.value).toMatchObject({ countDate: '2025-09-30', derived: false, shares: 320_040_000 });
    expect(gap.ok && gap.value.note).toMatch(/do not cover every day/);
  });

  it('starts QTD and YTD at the previous quarter and year end', () => {
    expect(windowStart('QTD', '2026-08-17')).toBe('2026-06-30');
    expect(windowStart('YTD', '2026-08-17')).toBe('2025-12-31');
    expect(windowStart('90d', '2026-08-17')).toBe('2026-05-19');
  });

  it('computes days to cover mNAV from the 90-day BTC Yield', () => {
    // ln(1.5) ÷ ln(1.05^(1/90)) = 90 × 0.405465 ÷ 0.048790 = 747.9 days.
    expect(daysToCoverMnav(1.5, 5)).toEqual({ ok: true, value: 747.9 });
    expect(daysToCoverMnav(0.9, 5)).toMatchObject({ ok: false, reason: expect.stringMatching(/not above 1/) });
  });
});

describe('capital stack from stored rows', () => {
  const btcHeld = held(843_775, '2026-07-11');
  const btcPrice = held(60_000, '2026-07-11');
  const stack = capitalStack({ rows: mstr.instruments, btcHeld, btcPriceUsd: btcPrice, usdReserve: held(2_550_000_000, '2026-06-29'), sharePriceUsd: held(150, '2026-06-26') });

  it('rates the convertible notes against all debt of equal rank, and refuses a rating where the order is not stated', () => {
    // Debt: "all convertible notes (aggregate)" 6,713,750,000 on 2026-08-22 (newer than every series, 2025-09-30).
    // The six series are senior unsecured (8-K 0001193125-25-230977), so each is rated against all of them:
    // BTC rating = 843,775 × 60,000 ÷ 6,713,750,000 = 50,626,500,000 ÷ 6,713,750,000 = 7.5407.
    expect(stack.debt).toMatchObject({ valueUsd: 6_713_750_000, oldestAsOf: '2026-08-22' });
    const notes2030a = stack.instruments.find((instrument) => instrument.name.startsWith('2030A'))!;
    expect(notes2030a.btcRating.value).toBeCloseTo(7.5407, 4);
    // STRF ranks first of the four USD preferreds (8-K 0001193125-25-230977), but no filing read states how
    // the euro series STRE (issued 2025-11-13) ranks on liquidation: today's rating is not available.
    const strf = stack.instruments.find((instrument) => instrument.ticker === 'STRF')!;
    expect(strf.btcRating).toEqual({ value: null, reason: 'not available: no filing read states how STRF ranks against STRE', unorderedAgainst: 'STRE' });
    expect(stack.instruments.find((instrument) => instrument.ticker === 'STRE')!.seniority).toMatchObject({ value: expect.stringMatching(/^dividends only: .* no filing read states its rank on liquidation/), asOf: '2025-11-13' });
  });

  it('rates each preferred by the liquidation order the filings state, before STRE was issued', () => {
    // Stack of 2025-09-30 from the stored rows: BTC NAV = 640,031 BTC × $114,198.94 (Strategy's file, 2025-09-30)
    // = $73,090,861,767.14. Debt: the seven series at 2025-09-30 (2027 notes at 0) = $8,203,700,000, all senior to
    // every preferred. Order on liquidation, 8-K 0001193125-25-230977 of 2025-10-06: STRF, STRC, STRK, STRD.
    // STRC: claims = 8,203,700,000 + STRF 1,194,830,000 + STRC 2,801,110,000 = 12,199,640,000;
    // rating = 73,090,861,767.14 ÷ 12,199,640,000 = 5.9912.
    const on = (field: string) => mstr.reported.get(field)!.find((row) => row.date === '2025-09-30')!;
    expect([on('btc_holdings').value, on('btc_price').value]).toEqual([640_031, 114_198.94]);
    const then = capitalStack({
      rows: rowsAsOf(mstr.instruments, '2025-09-30'),
      btcHeld: held(on('btc_holdings').value, '2025-09-30'),
      btcPriceUsd: held(on('btc_price').value, '2025-09-30'),
      usdReserve: null,
      sharePriceUsd: null,
    });
    const byTicker = (ticker: string) => then.instruments.find((instrument) => instrument.ticker === ticker)!;
    expect(then.instruments.some((instrument) => instrument.ticker === 'STRE')).toBe(false);
    const strc = byTicker('STRC');
    expect(strc.btcRating).toMatchObject({ claimsUsd: 12_199_640_000, senior: expect.arrayContaining(['STRF']) });
    expect(strc.btcRating.value).toBeCloseTo(5.9912, 4);
    // STRF: 8,203,700,000 + 1,194,830,000 = 9,398,530,000 → 7.7768; STRD (last): + STRK 1,360,590,000 + STRD
    // 1,232,210,000 = 14,792,440,000 → 4.9411.
    expect(byTicker('STRF').btcRating.value).toBeCloseTo(7.7768, 4);
    expect(byTicker('STRD').btcRating.value).toBeCloseTo(4.9411, 4);
    // Each ranking keeps its filing and date: STRD's own 8-K and the quarterly update, dated by the newest.
    expect(byTicker('STRD').seniority).toMatchObject({
      value: expect.stringContaining('junior to STRK and STRF; junior to all indebtedness (8-K 0001193125-25-138477 of 2025-06-10)'),
      asOf: '2025-10-06',
    });
  });

  it('totals the preferreds at notional, leaves the euro series out and computes amplification', () => {
    // 2026-08-22 notionals: STRF 1,283,968,900 + STRC 10,115,289,200 + STRK 1,402,074,400 + STRD 1,402,422,100
    // = 14,203,754,600; STRE (EUR, no notional stated) is listed as left out.
    expect(stack.preferred).toMatchObject({ valueUsd: 14_203_754_600, excluded: ['STRE: no notional stated'] });
    // (6,713,750,000 + 14,203,754,600) ÷ 50,626,500,000 = 0.41317.
    expect(stack.amplification.value).toBeCloseTo(0.41317, 5);
  });

  it("compares with Strategy's own amplification of 2026-06-29", () => {
    // Strategy's file: debt_pref_by_btc_nav 0.4347 on 2026-06-29 (debt 6,754,000,000; pref 15,460,738,400).
    // Ours from rows stated on or before that day: series principal 8,203,700,000 (2025-09-30; the June 2026
    // retirements are not attributed to series) + preferred 14,577,935,900 (2026-06-26, STRE left out),
    // ÷ (847,363 × 60,307.98) = 22,781,635,900 ÷ 51,102,750,856.7 = 0.44580.
    const then = capitalStack({ rows: rowsAsOf(mstr.instruments, '2026-06-29'), btcHeld: held(847_363, '2026-06-29'), btcPriceUsd: held(60_307.98, '2026-06-29'), usdReserve: null, sharePriceUsd: null });
    expect(then.amplification.value).toBeCloseTo(0.4458, 4);
    expect(mstr.reported.get('debt_pref_by_btc_nav')!.at(-1)).toMatchObject({ date: '2026-06-29', value: expect.closeTo(0.4347, 4) });
  });

  it('marks the converts in or out of the money at the latest price', () => {
    // At $150: 2030A ($149.77) in the money, 5,341,600 shares if converted (2025-09-30); 2028 ($183.19) out.
    const byName = Object.fromEntries(stack.converts.map((convert) => [convert.name.slice(0, 5), convert]));
    expect(byName['2030A']).toMatchObject({ inTheMoney: true, sharesIfConverted: 5_341_600, sharesAsOf: '2025-09-30' });
    expect(byName['2028 ']).toMatchObject({ inTheMoney: false });
  });

  it("computes no amplification for Metaplanet, whose preferreds carry no USD notional", () => {
    const metaplanet = storedCompanyRows('3350.T', 'TYO');
    const stack = capitalStack({ rows: metaplanet.instruments, btcHeld: held(35_102, '2026-07-11'), btcPriceUsd: held(60_000, '2026-07-11'), usdReserve: null, sharePriceUsd: null });
    expect(stack.amplification).toMatchObject({ value: null, reason: expect.stringMatching(/^no debt or preferred with a USD amount stated/) });
    expect(stack.annualObligations).toBeNull();
  });
});

describe('issuance accretion from stored rows', () => {
  const events = issuanceEvents(mstr.events, { kpi: mstr.kpi, basis: 'assumed_diluted_strategy_kpi', claimsAt: () => null });
  const sale = (periodEnd: string) => events.find((event) => event.security === 'MSTR' && event.periodEnd === periodEnd)!;

  it('marks the common ATM sale of 2025-01-06..12 accretive', () => {
    // 710,425 shares for $243.0M net → $342.05 a share. Before: 447,470 BTC (as of 2025-01-05) ÷ 281,735,000 shares
    // (count of 2024-12-31) at the week's average price $95,972 → NAV per share $152.43. 342.05 > 152.43: accretive.
    const event = sale('2025-01-12');
    expect(event.issuePriceUsd).toBeCloseTo(342.05, 2);
    expect(event.accretion!.navPerShareUsd).toBeCloseTo(152.43, 2);
    expect(event.accretion!.sharesBefore).toMatchObject({ countDate: '2024-12-31', shares: 281_735_000 });
    expect(event.accretive).toBe(true);
  });

  it('marks the common ATM sale of 2026-01-01..04 dilutive', () => {
    // 735,000 shares for $116.3M net → $158.23. Before: 672,500 BTC (2025-12-31) ÷ 344,897,000 (2025-12-31) at
    // $90,391 → NAV per share $176.25. BTC per share 0.00194986 before, (672,500 + 1,286.6) ÷ 345,632,000 =
    // 0.00194943 after: dilutive.
    const event = sale('2026-01-04');
    expect(event.issuePriceUsd).toBeCloseTo(158.23, 2);
    expect(event.accretion!.navPerShareUsd).toBeCloseTo(176.25, 2);
    expect(event.accretion!.btcPerShareAfter).toBeCloseTo(0.00194943, 8);
    expect(event.accretive).toBe(false);
  });

  it('gives a preferred sale no verdict but the BTC per share it bought', () => {
    const strd = events.find((event) => event.security === 'STRD' && event.periodEnd === '2025-12-07')!;
    expect(strd.accretive).toBeNull();
    // $34.9M net ÷ $90,615 = 385.15 BTC.
    expect(strd.seniorRaise!.btcBought).toBeCloseTo(385.15, 2);
  });
});

describe("the company dialog's BTC yield", () => {
  it('ends at the latest count with holdings at most a week older and names both ends of each window', () => {
    // Holdings of Strategy's file end on 2026-06-29, so the counts of July and August 2026 have none within a
    // week: the windows end at the 8-K count of 2026-04-20 (815,061 BTC that day in Strategy's file).
    const yields = dialogYields(mstr.kpi)!;
    expect(yields[30].asOf).toBe('2026-04-20');
    // 30 days: from 2026-03-21, whose nearest count is the 8-K count of 2026-03-16 (5 days before: within a third of the window).
    expect(yields[30].inputs.map((input) => [input.name, input.asOf])).toEqual([
      ['BTC held at start', '2026-03-20'],
      ['shares at start: count of 2026-03-16; assumed diluted', '2026-03-21'],
      ['BTC held at end', '2026-04-20'],
      ['shares at end: count of 2026-04-20; assumed diluted', '2026-04-20'],
    ]);
    const [heldStart, sharesStart, heldEnd, sharesEnd] = yields[30].inputs.map((input) => input.value);
    expect(yields[30].value).toBeCloseTo(((heldEnd! / sharesEnd!) / (heldStart! / sharesStart!) - 1) * 100, 2);
    // 90 days: from 2026-01-20; the count of 2026-01-05 plus the common shares the 8-Ks report sold to 2026-01-19.
    expect(yields[90].inputs[1]!.name).toMatch(/^shares at start: derived \(count of 2026-01-05 \+ [\d,]+ shares the 8-Ks report sold since\)/);
  });
});
