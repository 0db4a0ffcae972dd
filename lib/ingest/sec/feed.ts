import { decodeEntities, htmlToText, squash, xmlAttribute, xmlBlocks, xmlText } from '../text';
import { cikDigits } from './urls';

// EDGAR's "latest filings" Atom feed (browse-edgar?action=getcurrent&output=atom). One filing shows
// up once per party: a Form 4 as "(Reporting)" and "(Issuer)", a 13D as "(Filed by)" and "(Subject)".

export interface FeedParty {
  name: string;
  cik: string;
  /** Filer, Reporting, Issuer, Filed by, Subject… */
  role: string;
}

export interface FeedFiling {
  accession: string;
  form: string;
  /** `updated` of the entry: EDGAR's acceptance time. */
  acceptedAt: Date;
  filedDate: string | undefined;
  /** 8-K item numbers from the summary, e.g. ["7.01", "9.01"]. */
  items: string[];
  /** The filing-detail page (…-index.htm), as the feed links it. */
  indexUrl: string;
  parties: FeedParty[];
}

const accessionPattern = /accession-number=(\d{10}-\d{2}-\d{6})/;
const titlePattern = /^(.*?) - (.*) \((\d{10})\) \(([^)]+)\)$/;

/** Entries grouped by accession, in feed order (newest first). */
export function parseCurrentFeed(xml: string): FeedFiling[] {
  const byAccession = new Map<string, FeedFiling>();
  for (const entry of xmlBlocks(xml, 'entry')) {
    const accession = accessionPattern.exec(xmlText(entry, 'id') ?? '')?.[1];
    if (!accession) continue;
    const title = xmlText(entry, 'title') ?? '';
    const titleParts = titlePattern.exec(title);
    const form = xmlAttribute(entry, 'category', 'term') ?? titleParts?.[1] ?? '';
    const party: FeedParty | undefined = titleParts
      ? { name: squash(titleParts[2] ?? ''), cik: cikDigits(titleParts[3] ?? ''), role: titleParts[4] ?? '' }
      : undefined;
    const summary = htmlToText(decodeEntities(xmlText(entry, 'summary') ?? ''));
    const link = xmlAttribute(entry, 'link', 'href') ?? '';
    const existing = byAccession.get(accession);
    if (existing) {
      if (party && !existing.parties.some((known) => known.cik === party.cik)) existing.parties.push(party);
      // Prefer the filer's or issuer's folder for the index link; both serve the same filing.
      if (party && ['Filer', 'Issuer', 'Subject'].includes(party.role)) existing.indexUrl = link || existing.indexUrl;
      continue;
    }
    byAccession.set(accession, {
      accession,
      form: form.toUpperCase(),
      acceptedAt: new Date(xmlText(entry, 'updated') ?? Date.now()),
      filedDate: /Filed:\s*(\d{4}-\d{2}-\d{2})/.exec(summary)?.[1],
      items: [...summary.matchAll(/Item (\d+\.\d+)/g)].map((match) => match[1] ?? ''),
      indexUrl: link,
      parties: party ? [party] : [],
    });
  }
  return [...byAccession.values()];
}

/** The party a filing is about: the issuer of a Form 4, the filer of an 8-K, the subject of a 13D. */
export function subjectParty(filing: FeedFiling): FeedParty | undefined {
  return (
    filing.parties.find((party) => party.role === 'Issuer') ??
    filing.parties.find((party) => party.role === 'Subject') ??
    filing.parties.find((party) => party.role === 'Filer') ??
    filing.parties[0]
  );
}
