import fs from 'node:fs';
import path from 'node:path';
import type { ReplayServer } from './replay-server';

// EDGAR as the tests and the freshness benchmark see it: the recorded samples in test/fixtures
// (test/fixtures/README.md says which are real and which were constructed), served in EDGAR's
// wire format. Feed entries and filing-detail pages that no real sample exists for are built here
// in exactly the markup of the real ones (the recorded feeds, the recorded Morningstar index page).

const fixturesDir = path.resolve(__dirname, '..', 'fixtures');

export function readFixture(relative: string): Buffer {
  return fs.readFileSync(path.join(fixturesDir, relative));
}

export interface FeedEntryInput {
  form: string;
  companyName: string;
  /** Ten digits, as the feed prints it. */
  cik: string;
  role: 'Filer' | 'Reporting' | 'Issuer' | 'Filed by' | 'Subject';
  accession: string;
  /** The folder's CIK (the filer agent's for some filings); defaults to `cik`. */
  folderCik?: string;
  /** e.g. 2026-01-12T11:30:00-05:00 */
  updated: string;
  items?: { number: string; title: string }[];
  sizeKb?: number;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One `<entry>` in the markup of the recorded getcurrent feeds. */
export function feedEntry(input: FeedEntryInput): string {
  const folder = `https://www.sec.gov/Archives/edgar/data/${Number(input.folderCik ?? input.cik)}/${input.accession.replace(/-/g, '')}/${input.accession}-index.htm`;
  const filed = input.updated.slice(0, 10);
  const items = (input.items ?? []).map((item) => `\n&lt;br&gt;Item ${item.number}: ${escapeXml(escapeXml(item.title))}`).join('');
  return `<entry>
<title>${escapeXml(`${input.form} - ${input.companyName} (${input.cik}) (${input.role})`)}</title>
<link rel="alternate" type="text/html" href="${folder}"/>
<summary type="html">
 &lt;b&gt;Filed:&lt;/b&gt; ${filed} &lt;b&gt;AccNo:&lt;/b&gt; ${input.accession} &lt;b&gt;Size:&lt;/b&gt; ${input.sizeKb ?? 12} KB${items}
</summary>
<updated>${input.updated}</updated>
<category scheme="https://www.sec.gov/" label="form type" term="${escapeXml(input.form)}"/>
<id>urn:tag:sec.gov,2008:accession-number=${input.accession}</id>
</entry>
`;
}

/** A recorded feed (ISO-8859-1 bytes) with entries put first, where EDGAR puts the newest. */
export function feedWith(recordedFeed: Buffer, entries: readonly string[]): Buffer {
  const text = recordedFeed.toString('latin1');
  const first = text.indexOf('<entry>');
  return Buffer.from(`${text.slice(0, first)}${entries.join('')}${text.slice(first)}`, 'latin1');
}

interface IndexDocument {
  /** Name within the filing folder, e.g. "mstr-20260105.htm" or "xslF345X05/form4.xml". */
  name: string;
  type: string;
  description?: string;
  size?: number;
}

// The document table's head, taken from the recorded page so a built page cannot drift from it.
const recordedTableHead = () =>
  /<table class="tableFile"[\s\S]*?<\/tr>/.exec(readFixture('sec/filing-index/0001062993-24-010733-index.htm').toString('utf8'))![0];

/** A "Filing Detail" page in the markup of the recorded one (0001062993-24-010733-index.htm). */
function filingIndexPage(input: { cik: string; accession: string; form: string; filedDate: string; documents: readonly IndexDocument[] }): string {
  const folder = `/Archives/edgar/data/${Number(input.cik)}/${input.accession.replace(/-/g, '')}`;
  const rows = input.documents
    .map(
      (document, index) => `         <tr${index % 2 ? ' class="blueRow"' : ''}>
            <td scope="row">${index + 1}</td>
            <td scope="row">${escapeXml(document.description ?? document.type)}</td>
            <td scope="row"><a href="${folder}/${document.name}">${escapeXml(document.name.split('/').pop() ?? document.name)}</a></td>
            <td scope="row">${escapeXml(document.type)}</td>
            <td scope="row">${document.size ?? '&nbsp;'}</td>
         </tr>`,
    )
    .join('\n');
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>EDGAR Filing Documents for ${input.accession}</title>
</head>
<body style="margin: 0">
<div id="formDiv">
   <div id="formHeader">
      <div id="formName">
         <strong>Form ${escapeXml(input.form)}</strong>
      </div>
      <div id="secNum">
         <strong><acronym title="Securities and Exchange Commission">SEC</acronym> Accession <acronym title="Number">No.</acronym></strong> ${input.accession}
      </div>
   </div>
   <div class="formContent">
      <div class="formGrouping">
         <div class="infoHead">Filing Date</div>
         <div class="info">${input.filedDate}</div>
      </div>
   </div>
</div>
<div id="formDiv">
   <div style="padding: 0px 0px 4px 0px; font-size: 12px; margin: 0px 2px 0px 5px; width: 100%; overflow:hidden">
      <p>Document Format Files</p>
      ${recordedTableHead()}
${rows}
      </table>
   </div>
</div>
</body>
</html>
`;
}

export interface ServedDocument extends IndexDocument {
  /** Listed in the index only when absent. */
  body?: string | Buffer;
}

const contentTypeOf = (name: string) =>
  name.endsWith('.xml') ? 'text/xml' : name.endsWith('.json') ? 'application/json' : name.endsWith('.txt') ? 'text/plain' : 'text/html';

/** Serves a filing's detail page and documents at their EDGAR paths. */
export function serveFiling(server: ReplayServer, filing: { cik: string; accession: string; form: string; filedDate: string; documents: readonly ServedDocument[]; index?: boolean }) {
  const folder = `/Archives/edgar/data/${Number(filing.cik)}/${filing.accession.replace(/-/g, '')}`;
  if (filing.index !== false) {
    const page = filingIndexPage(filing);
    server.routes.set(`${folder}/${filing.accession}-index.htm`, () => ({ headers: { 'content-type': 'text/html' }, body: page }));
  }
  for (const document of filing.documents) {
    if (document.body === undefined) continue;
    const body = document.body;
    server.routes.set(`${folder}/${document.name}`, () => ({ headers: { 'content-type': contentTypeOf(document.name) }, body }));
  }
}

/** Atom as EDGAR sends it: the bytes are ISO-8859-1, which only the XML declaration says. */
export const atomHeaders = { 'content-type': 'application/atom+xml' };
export const jsonHeaders = { 'content-type': 'application/json' };
