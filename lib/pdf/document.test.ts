import { PDFDocument } from 'pdf-lib';
import { pdfText } from '@/test/support/pdf';
import { PdfDocumentBuilder, toWinAnsi } from './document';

const options = { title: 'Quarterly Treasury Review', subtitle: 'A test document', meta: [['Period', 'Last 30 days']] as [string, string][], disclaimer: 'Not investment advice.' };

describe('PdfDocumentBuilder', () => {
  it('writes a title page and a content page, numbered, with the footer', async () => {
    const doc = await PdfDocumentBuilder.create(options);
    doc.heading('Findings').paragraph('Holdings grew by 12% over the period.');
    const bytes = await doc.finish();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Quarterly Treasury Review');
    const text = await pdfText(bytes);
    expect(text).toContain('Quarterly Treasury Review');
    expect(text).toContain('Holdings grew by 12% over the period.');
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('Not investment advice.');
  });

  it('breaks a long table across pages and repeats its header', async () => {
    const doc = await PdfDocumentBuilder.create(options);
    const rows = Array.from({ length: 120 }, (_, index) => [`Company ${index + 1}`, String(index * 10)]);
    doc.table([{ header: 'Company name' }, { header: 'Holdings', align: 'right' }], rows);
    const bytes = await doc.finish();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
    const text = await pdfText(bytes);
    expect(text.split('\n').filter((line) => line === 'Company name').length).toBe(pdf.getPageCount() - 1);
    expect(text).toContain('Company 120');
  });

  it('wraps paragraphs and draws charts without failing on empty data', async () => {
    const doc = await PdfDocumentBuilder.create(options);
    doc.paragraph('word '.repeat(2000));
    doc.barChart('Bars', [{ label: 'A', value: 3 }, { label: 'B', value: 0 }]);
    doc.lineChart('Line', [{ label: '2026-01-01', value: 1 }, { label: '2026-02-01', value: 4 }, { label: '2026-03-01', value: 2 }]);
    doc.pieChart('Pie', [{ label: 'Mining', value: 2 }, { label: 'Other', value: 1 }]);
    doc.barChart('Empty bars', []).lineChart('Empty line', []).pieChart('Empty pie', []);
    const bytes = await doc.finish();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(2);
    const text = await pdfText(bytes);
    expect(text).toContain('Mining: 2 (66.7%)');
    expect(text).toContain('No data for this period.');
  });

  it('spells out characters the standard fonts cannot encode', async () => {
    expect(toWinAnsi('BTC −20 % → ₿ 5 ≥ 3 “ok”')).toBe('BTC -20 % -> BTC 5 >= 3 "ok"');
    expect(toWinAnsi('日本')).toBe('??');
    const doc = await PdfDocumentBuilder.create({ ...options, title: 'Société Générale — 東京' });
    doc.paragraph('Metaplanet 東京 holds ₿ 30,823');
    const text = await pdfText(await doc.finish());
    expect(text).toContain('Metaplanet ?? holds BTC 30,823');
  });
});
