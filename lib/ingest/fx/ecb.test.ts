import { readFixture } from '@/test/support/edgar';
import { parseEcbRates } from './ecb';
import { isoDay } from '../../dates';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

it('crosses every rate through the euro into US dollars per unit', () => {
  // Constructed body, placeholder rates (test/fixtures/README.md).
  const rates = parseEcbRates(readFixture('ecb/eurofxref-daily.constructed.xml').toString('utf8'));
  expect(rates).toEqual([
    { currency: 'EUR', date: day('2026-02-06'), usdPerUnit: 1.085 },
    { currency: 'JPY', date: day('2026-02-06'), usdPerUnit: 0.006458333333 },
    { currency: 'GBP', date: day('2026-02-06'), usdPerUnit: 1.290130797 },
    { currency: 'SEK', date: day('2026-02-06'), usdPerUnit: 0.09653024911 },
    { currency: 'HKD', date: day('2026-02-06'), usdPerUnit: 0.1282051282 },
    { currency: 'CAD', date: day('2026-02-06'), usdPerUnit: 0.7281879195 },
  ]);
});

it('reads every day of the history files', () => {
  const rates = parseEcbRates(readFixture('ecb/eurofxref-hist-90d.constructed.xml').toString('utf8'));
  expect(new Set(rates.map((rate) => isoDay(rate.date)))).toEqual(new Set(['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05']));
  expect(rates.find((rate) => rate.currency === 'JPY' && rate.date.getTime() === day('2026-02-05').getTime())?.usdPerUnit).toBeCloseTo(1.08 / 168.75, 12);
});

it('leaves out a day without a USD rate, and refuses a body that is not an ECB file', () => {
  const noUsd = `<gesmes:Envelope><Cube><Cube time="2026-02-06"><Cube currency="JPY" rate="168"/></Cube></Cube></gesmes:Envelope>`;
  expect(parseEcbRates(noUsd)).toEqual([]);
  expect(() => parseEcbRates('<html><body>Service unavailable</body></html>')).toThrow('not an ECB reference-rates envelope');
  expect(() => parseEcbRates('<gesmes:Envelope><Cube></Cube></gesmes:Envelope>')).toThrow('no reference day');
});
