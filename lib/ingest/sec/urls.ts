// EDGAR identifiers and addresses. Stored links always point at www.sec.gov (what a user opens);
// requests go to the configured base URL, which tests point at a local server.

export const publicSecBaseUrl = 'https://www.sec.gov';

/** "0001050446" or "1050446" → "1050446". */
export function cikDigits(cik: string | number): string {
  return String(cik).trim().replace(/^0+(?=\d)/, '');
}

/** "1050446" → "0001050446", as data.sec.gov names the submissions file. */
export function paddedCik(cik: string | number): string {
  return cikDigits(cik).padStart(10, '0');
}

export function archiveFolder(cik: string | number, accession: string): string {
  return `/Archives/edgar/data/${cikDigits(cik)}/${accession.replace(/-/g, '')}`;
}

/** https://www.sec.gov/Archives/edgar/data/{cik, no zeros}/{accession, no dashes}/{document} */
export function filingDocumentUrl(cik: string | number, accession: string, document: string): string {
  return `${publicSecBaseUrl}${archiveFolder(cik, accession)}/${document.replace(/^\/+/, '')}`;
}

export function filingIndexUrl(cik: string | number, accession: string): string {
  return `${publicSecBaseUrl}${archiveFolder(cik, accession)}/${accession}-index.htm`;
}

/** The same path on another host: a feed's absolute www.sec.gov link, fetched from the configured base. */
export function rebase(url: string, baseUrl: string): string {
  const parsed = new URL(url, publicSecBaseUrl);
  return `${baseUrl}${parsed.pathname}${parsed.search}`;
}
