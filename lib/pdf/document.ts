import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

// A small document builder on pdf-lib: a title page, then flowing content (headings, wrapped
// paragraphs, tables that repeat their header across page breaks, and simple charts drawn with
// primitives), and finally page numbers and a disclaimer footer on every page.

const pageSize: [number, number] = [595.28, 841.89]; // A4 portrait
const margin = 50;
const footerHeight = 36;
const ink = rgb(0.11, 0.13, 0.17);
const muted = rgb(0.42, 0.45, 0.5);
const rule = rgb(0.85, 0.87, 0.9);
const accent = rgb(0.96, 0.58, 0.1);
const palette = ['#f59e0b', '#3b82f6', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'];

function hexColor(hex: string): RGB {
  const value = hex.replace('#', '');
  return rgb(parseInt(value.slice(0, 2), 16) / 255, parseInt(value.slice(2, 4), 16) / 255, parseInt(value.slice(4, 6), 16) / 255);
}

const replacements: Record<string, string> = { '−': '-', '–': '-', '—': '-', '‘': "'", '’': "'", '“': '"', '”': '"', '…': '...', '≥': '>=', '≤': '<=', '→': '->', '×': 'x', '₿': 'BTC', '\u00a0': ' ' };

/** The standard fonts only encode WinAnsi; anything else is spelled out or dropped rather than failing the whole report. */
export function toWinAnsi(text: string): string {
  return [...text]
    .map((char) => replacements[char] ?? char)
    .join('')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');
}

interface ChartDatum {
  label: string;
  value: number;
  color?: string;
}

interface TableColumn {
  header: string;
  /** Relative width; the columns share the content width in proportion. */
  width?: number;
  align?: 'left' | 'right';
}

interface DocumentOptions {
  title: string;
  subtitle?: string;
  /** Label/value lines on the title page (period, generated at, ...). */
  meta?: [string, string][];
  disclaimer: string;
  author?: string;
}

export class PdfDocumentBuilder {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly options: DocumentOptions,
  ) {}

  static async create(options: DocumentOptions): Promise<PdfDocumentBuilder> {
    const doc = await PDFDocument.create();
    doc.setTitle(toWinAnsi(options.title));
    doc.setAuthor(options.author ?? 'Treasury Intelligence');
    doc.setCreator('Treasury Intelligence reports');
    doc.setProducer('pdf-lib');
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
    const builder = new PdfDocumentBuilder(doc, regular, bold, options);
    builder.titlePage();
    return builder;
  }

  private get width() {
    return pageSize[0] - 2 * margin;
  }

  private newPage() {
    this.page = this.doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }

  /** Starts a new page when fewer than `height` points remain above the footer. */
  private ensure(height: number) {
    if (this.y - height < margin + footerHeight) this.newPage();
  }

  private titlePage() {
    this.newPage();
    const { page } = this;
    page.drawRectangle({ x: 0, y: pageSize[1] - 12, width: pageSize[0], height: 12, color: accent });
    let y = pageSize[1] - 220;
    for (const line of this.wrap(this.options.title, this.bold, 28, this.width)) {
      page.drawText(line, { x: margin, y, size: 28, font: this.bold, color: ink });
      y -= 36;
    }
    if (this.options.subtitle) {
      y -= 6;
      for (const line of this.wrap(this.options.subtitle, this.regular, 13, this.width)) {
        page.drawText(line, { x: margin, y, size: 13, font: this.regular, color: muted });
        y -= 18;
      }
    }
    y -= 24;
    page.drawLine({ start: { x: margin, y }, end: { x: margin + this.width, y }, thickness: 1, color: rule });
    y -= 26;
    for (const [label, value] of this.options.meta ?? []) {
      page.drawText(toWinAnsi(label), { x: margin, y, size: 11, font: this.bold, color: ink });
      page.drawText(toWinAnsi(value), { x: margin + 140, y, size: 11, font: this.regular, color: ink });
      y -= 18;
    }
    this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= maxWidth) line = candidate;
        else {
          if (line) lines.push(line);
          line = this.truncate(word, font, size, maxWidth);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private truncate(text: string, font: PDFFont, size: number, maxWidth: number): string {
    let value = toWinAnsi(text);
    if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
    while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > maxWidth) value = value.slice(0, -1);
    return `${value}...`;
  }

  heading(text: string, level: 1 | 2 = 1): this {
    const size = level === 1 ? 17 : 13;
    this.ensure(size + 60);
    this.y -= level === 1 ? 10 : 6;
    this.page.drawText(this.truncate(text, this.bold, size, this.width), { x: margin, y: this.y - size, size, font: this.bold, color: ink });
    this.y -= size + 6;
    if (level === 1) {
      this.page.drawLine({ start: { x: margin, y: this.y }, end: { x: margin + 60, y: this.y }, thickness: 2, color: accent });
      this.y -= 10;
    } else this.y -= 4;
    return this;
  }

  paragraph(text: string, options: { size?: number; color?: RGB; bold?: boolean } = {}): this {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    for (const line of this.wrap(text, font, size, this.width)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: margin, y: this.y - size, size, font, color: options.color ?? ink });
      this.y -= size + 4;
    }
    this.y -= 6;
    return this;
  }

  bullets(items: string[]): this {
    const size = 10.5;
    for (const item of items) {
      const lines = this.wrap(item, this.regular, size, this.width - 14);
      lines.forEach((line, index) => {
        this.ensure(size + 4);
        if (index === 0) this.page.drawCircle({ x: margin + 4, y: this.y - size + 3.5, size: 1.8, color: accent });
        this.page.drawText(line, { x: margin + 14, y: this.y - size, size, font: this.regular, color: ink });
        this.y -= size + 4;
      });
      this.y -= 2;
    }
    this.y -= 6;
    return this;
  }

  /** Label/value pairs in two columns. */
  keyValues(pairs: [string, string][]): this {
    const size = 10.5;
    const columnWidth = this.width / 2;
    for (let index = 0; index < pairs.length; index += 2) {
      this.ensure(size + 8);
      pairs.slice(index, index + 2).forEach(([label, value], column) => {
        const x = margin + column * columnWidth;
        this.page.drawText(this.truncate(label, this.regular, 9, columnWidth - 10), { x, y: this.y - 9, size: 9, font: this.regular, color: muted });
        this.page.drawText(this.truncate(value, this.bold, size, columnWidth - 10), { x, y: this.y - 9 - size - 2, size, font: this.bold, color: ink });
      });
      this.y -= 9 + size + 12;
    }
    this.y -= 4;
    return this;
  }

  table(columns: TableColumn[], rows: string[][], options: { emptyText?: string } = {}): this {
    const size = 8.5;
    const rowHeight = 15;
    const total = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
    const widths = columns.map((column) => ((column.width ?? 1) / total) * this.width);
    const drawRow = (cells: string[], header: boolean, shaded: boolean) => {
      if (shaded || header) this.page.drawRectangle({ x: margin, y: this.y - rowHeight, width: this.width, height: rowHeight, color: header ? rgb(0.12, 0.16, 0.23) : rgb(0.96, 0.97, 0.98) });
      let x = margin;
      cells.forEach((cell, index) => {
        const font = header ? this.bold : this.regular;
        const text = this.truncate(cell, font, size, widths[index]! - 8);
        const textWidth = font.widthOfTextAtSize(text, size);
        const left = columns[index]?.align === 'right' ? x + widths[index]! - 4 - textWidth : x + 4;
        this.page.drawText(text, { x: left, y: this.y - rowHeight + 4.5, size, font, color: header ? rgb(1, 1, 1) : ink });
        x += widths[index]!;
      });
      this.y -= rowHeight;
    };
    const header = columns.map((column) => column.header);
    this.ensure(rowHeight * 3);
    drawRow(header, true, false);
    if (!rows.length) {
      this.paragraph(options.emptyText ?? 'No rows for this period.', { size: 9, color: muted });
      return this;
    }
    rows.forEach((row, index) => {
      if (this.y - rowHeight < margin + footerHeight) {
        this.newPage();
        drawRow(header, true, false);
      }
      drawRow(row, false, index % 2 === 1);
    });
    this.y -= 12;
    return this;
  }

  private chartFrame(title: string, height: number) {
    this.ensure(height + 30);
    this.page.drawText(this.truncate(title, this.bold, 11, this.width), { x: margin, y: this.y - 11, size: 11, font: this.bold, color: ink });
    this.y -= 20;
    const top = this.y;
    this.y -= height + 10;
    return { top, bottom: top - height };
  }

  /** Horizontal bars, one per datum, labelled with their value. */
  barChart(title: string, data: ChartDatum[], format: (value: number) => string = String): this {
    const barHeight = 14;
    const gap = 6;
    const { top } = this.chartFrame(title, Math.max(1, data.length) * (barHeight + gap));
    const labelWidth = 130;
    const valueWidth = 70;
    const max = Math.max(0, ...data.map((datum) => datum.value));
    data.forEach((datum, index) => {
      const y = top - index * (barHeight + gap) - barHeight;
      this.page.drawText(this.truncate(datum.label, this.regular, 9, labelWidth - 6), { x: margin, y: y + 4, size: 9, font: this.regular, color: ink });
      const length = max > 0 ? ((this.width - labelWidth - valueWidth) * Math.max(0, datum.value)) / max : 0;
      if (length > 0) this.page.drawRectangle({ x: margin + labelWidth, y, width: length, height: barHeight, color: hexColor(datum.color ?? palette[index % palette.length]!) });
      this.page.drawText(toWinAnsi(format(datum.value)), { x: margin + labelWidth + length + 6, y: y + 4, size: 9, font: this.regular, color: muted });
    });
    if (!data.length) this.page.drawText('No data for this period.', { x: margin, y: top - 12, size: 9, font: this.regular, color: muted });
    return this;
  }

  /** A line over evenly spaced points, with the first, middle and last labels and the value range on the axis. */
  lineChart(title: string, points: ChartDatum[], format: (value: number) => string = String): this {
    const height = 150;
    const { top, bottom } = this.chartFrame(title, height);
    const left = margin + 60;
    const right = margin + this.width;
    const plotBottom = bottom + 16;
    this.page.drawLine({ start: { x: left, y: plotBottom }, end: { x: right, y: plotBottom }, thickness: 0.8, color: rule });
    this.page.drawLine({ start: { x: left, y: plotBottom }, end: { x: left, y: top }, thickness: 0.8, color: rule });
    if (points.length === 0) {
      this.page.drawText('No data for this period.', { x: left + 8, y: (top + plotBottom) / 2, size: 9, font: this.regular, color: muted });
      return this;
    }
    const values = points.map((point) => point.value);
    const min = Math.min(...values);
    const max = Math.max(...values);
    const span = max - min;
    const xOf = (index: number) => (points.length === 1 ? (left + right) / 2 : left + ((right - left) * index) / (points.length - 1));
    // A flat series sits mid-height rather than on the axis.
    const yOf = (value: number) => (span === 0 ? (plotBottom + top) / 2 : plotBottom + ((top - plotBottom) * (value - min)) / span);
    this.page.drawText(toWinAnsi(format(max)), { x: margin, y: top - 8, size: 8, font: this.regular, color: muted });
    if (span > 0) this.page.drawText(toWinAnsi(format(min)), { x: margin, y: plotBottom, size: 8, font: this.regular, color: muted });
    for (let index = 1; index < points.length; index += 1) {
      this.page.drawLine({ start: { x: xOf(index - 1), y: yOf(values[index - 1]!) }, end: { x: xOf(index), y: yOf(values[index]!) }, thickness: 1.6, color: accent });
    }
    if (points.length === 1) this.page.drawCircle({ x: xOf(0), y: yOf(values[0]!), size: 2.5, color: accent });
    const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
    for (const index of labelled) {
      const label = toWinAnsi(points[index]!.label);
      const width = this.regular.widthOfTextAtSize(label, 8);
      const x = Math.min(Math.max(xOf(index) - width / 2, left), right - width);
      this.page.drawText(label, { x, y: bottom + 2, size: 8, font: this.regular, color: muted });
    }
    return this;
  }

  /** A pie drawn as thin triangle fans (pdf-lib has no arc primitive), with a legend. */
  pieChart(title: string, data: ChartDatum[], format: (value: number) => string = String): this {
    const radius = 60;
    const { top } = this.chartFrame(title, Math.max(2 * radius, data.length * 16));
    const cx = margin + radius + 10;
    const cy = top - radius;
    const total = data.reduce((sum, datum) => sum + Math.max(0, datum.value), 0);
    if (total <= 0) {
      this.page.drawText('No data for this period.', { x: margin, y: top - 12, size: 9, font: this.regular, color: muted });
      return this;
    }
    let angle = Math.PI / 2;
    data.forEach((datum, index) => {
      const sweep = (2 * Math.PI * Math.max(0, datum.value)) / total;
      const color = hexColor(datum.color ?? palette[index % palette.length]!);
      const steps = Math.max(2, Math.ceil(sweep / 0.05));
      let path = `M 0 0`;
      for (let step = 0; step <= steps; step += 1) {
        const a = angle - (sweep * step) / steps;
        path += ` L ${(radius * Math.cos(a)).toFixed(2)} ${(-radius * Math.sin(a)).toFixed(2)}`;
      }
      if (sweep > 0) this.page.drawSvgPath(`${path} Z`, { x: cx, y: cy, color, borderWidth: 0 });
      angle -= sweep;
      const legendY = top - 12 - index * 16;
      this.page.drawRectangle({ x: cx + radius + 30, y: legendY, width: 9, height: 9, color });
      const share = Math.round((Math.max(0, datum.value) / total) * 1000) / 10;
      this.page.drawText(this.truncate(`${datum.label}: ${format(datum.value)} (${share}%)`, this.regular, 9, this.width - 2 * radius - 60), {
        x: cx + radius + 44,
        y: legendY + 1,
        size: 9,
        font: this.regular,
        color: ink,
      });
    });
    return this;
  }

  get pageCount(): number {
    return this.doc.getPageCount();
  }

  /** Numbers every page and writes the disclaimer at its foot; returns the file. */
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const disclaimer = this.wrap(this.options.disclaimer, this.regular, 7, this.width - 70);
    pages.forEach((page, index) => {
      page.drawLine({ start: { x: margin, y: margin + footerHeight - 10 }, end: { x: margin + this.width, y: margin + footerHeight - 10 }, thickness: 0.5, color: rule });
      disclaimer.slice(0, 3).forEach((line, lineIndex) => {
        page.drawText(line, { x: margin, y: margin + footerHeight - 20 - lineIndex * 8, size: 7, font: this.regular, color: muted });
      });
      const label = `Page ${index + 1} of ${pages.length}`;
      page.drawText(label, { x: margin + this.width - this.regular.widthOfTextAtSize(label, 8), y: margin + footerHeight - 20, size: 8, font: this.regular, color: muted });
    });
    return this.doc.save();
  }
}
