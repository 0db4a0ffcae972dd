// The formulas of the market metrics as the screens state them (the dashboard, the company dialog, analytics).

/** The formulas of docs/metrics.md, as the screens state them. */
export const marketFormulas = {
  mNav: 'mNAV = market cap ÷ (BTC held × BTC price); premium = mNAV − 1',
  evMNav: 'EV mNAV = (market cap + total debt + preferred − cash) ÷ (BTC held × BTC price)',
  dilutedMNav: 'diluted mNAV = share price × diluted shares ÷ (BTC held × BTC price)',
  marketCap: 'market cap = the figure a dated source states for the day, else close × latest basic shares on or before the day',
  btcPer1000Shares: 'BTC per 1,000 shares = BTC held ÷ basic shares × 1,000',
  btcYield:
    'BTC yield = (BTC per share at the end ÷ BTC per share at the start − 1) × 100; per assumed diluted share where the company states such counts, else the basis the inputs name; each end uses the count on or before it, "derived" when the shares the 8-Ks report sold since were added',
  shareVolatility: 'volatility = sample σ of daily log returns over 30 days × √252',
  btcBeta: 'BTC beta = cov(share, BTC) ÷ var(BTC) of daily log returns on the same dates over 90 days',
  leverage: 'leverage = total debt ÷ (BTC held × BTC price)',
} as const;
