import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

/** The text drawn on the pages: hex strings of the Tj operators in every content stream. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const chunks: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) chunks.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return chunks.join('\n');
}
