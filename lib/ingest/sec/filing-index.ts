import { decodeEntities, htmlToText } from '../text';

// The "Filing Detail" page (…/{accession}-index.htm) a feed entry links to: its document tables
// name each file's type (8-K, EX-99.1, 4…), which the folder listing does not.

export interface FilingDocument {
  seq: string;
  description: string;
  /** Root-relative path, e.g. /Archives/edgar/data/1289419/000106299324010733/form4.xml */
  href: string;
  type: string;
  size: number | undefined;
}

export function parseFilingIndex(html: string): FilingDocument[] {
  const documents: FilingDocument[] = [];
  for (const table of html.matchAll(/<table[^>]*class="tableFile"[\s\S]*?<\/table>/gi)) {
    for (const row of table[0].matchAll(/<tr\b[\s\S]*?<\/tr>/gi)) {
      const cells = [...row[0].matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/gi)].map((cell) => cell[1] ?? '');
      if (cells.length < 4) continue;
      const href = /href="([^"]+)"/i.exec(cells[2] ?? '')?.[1];
      if (!href) continue;
      const size = Number(htmlToText(cells[4] ?? '').replace(/,/g, ''));
      documents.push({
        seq: htmlToText(cells[0] ?? ''),
        description: htmlToText(cells[1] ?? ''),
        href: decodeEntities(href),
        type: htmlToText(cells[3] ?? '').toUpperCase(),
        size: Number.isFinite(size) && size > 0 ? size : undefined,
      });
    }
  }
  return documents;
}

const readable = /\.(htm|html|txt)$/i;

/** The filing's main document: the first readable file whose type is the form itself. */
export function primaryDocument(documents: readonly FilingDocument[], form: string): FilingDocument | undefined {
  const base = form.replace(/\/A$/, '');
  return (
    documents.find((document) => (document.type === form || document.type === base) && readable.test(document.href)) ??
    documents.find((document) => readable.test(document.href) && !document.href.endsWith('.txt'))
  );
}

/** Press-release exhibits (EX-99.x), where 8-Ks usually carry the announcement itself. */
export function pressReleaseExhibits(documents: readonly FilingDocument[]): FilingDocument[] {
  return documents.filter((document) => document.type.startsWith('EX-99') && readable.test(document.href));
}

/** The raw ownership XML of a Form 3/4/5 (not the XSL-rendered copy under xslF345X…/). */
export function ownershipXml(documents: readonly FilingDocument[]): FilingDocument | undefined {
  return documents.find((document) => /\.xml$/i.test(document.href) && !/\/xsl[^/]*\//i.test(document.href));
}
