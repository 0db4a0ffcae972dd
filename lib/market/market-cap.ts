/** The company figures the current market cap is derived from. */
export interface CompanyMarketCapInputs {
  marketCapUsd: number | null;
  sharePriceUsd: number | null;
  sharesOutstanding: number | null;
}

/**
 * A company's current market cap, by the same rule as marketCapOn applied to its own current
 * figures: the market cap stated with the company, else its share price × its shares outstanding;
 * null when neither is known.
 */
export function companyMarketCap(company: CompanyMarketCapInputs): number | null {
  if (company.marketCapUsd !== null) return company.marketCapUsd;
  return company.sharePriceUsd && company.sharesOutstanding ? company.sharePriceUsd * company.sharesOutstanding : null;
}
