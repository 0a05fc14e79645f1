/**
 * A small PDF writer for text documents (the e-prescription, docs/record.md): A4 pages of
 * lines in Helvetica and Helvetica-Bold, two of the PDF standard fonts every reader has,
 * so no font is embedded and a prescription is a few kilobytes. The content streams are not
 * compressed: what the document says can be checked in its bytes. Text is encoded in
 * WinAnsi (PDF's standard encoding for those fonts); a character it lacks becomes the
 * nearest letter it has, or '?'.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Space before the line, in points (on top of the line height). */
  gap?: number;
  /** Indent from the left margin, in points. */
  indent?: number;
}

const PAGE = { width: 595, height: 842, margin: 56 };
const LINE_HEIGHT = 1.35;
/** Helvetica's average glyph is about half its size wide: a safe estimate for wrapping. */
const AVERAGE_WIDTH = 0.53;

/** WinAnsi bytes 0x80-0x9F for the characters people type that Latin-1 lacks. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};
/** Letters of Ghanaian languages and signs outside WinAnsi, and what is printed instead. */
const NEAREST: Record<string, string> = { ɔ: 'o', Ɔ: 'O', ɛ: 'e', Ɛ: 'E', ŋ: 'n', Ŋ: 'N', '₵': 'GHS', '−': '-' };

/** One character as WinAnsi byte(s). */
function winAnsi(c: string): number[] {
  const code = c.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return [code];
  if (WIN_ANSI_EXTRA[c] !== undefined) return [WIN_ANSI_EXTRA[c]];
  if (NEAREST[c]) return [...NEAREST[c]].flatMap(winAnsi);
  const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (plain !== c && plain.length > 0) return [...plain].flatMap(winAnsi);
  return [0x3f]; // '?'
}

/** A PDF string literal: WinAnsi bytes with (, ) and \ escaped. */
function pdfString(text: string): Buffer {
  const bytes = [...text.normalize('NFC')].flatMap(winAnsi);
  const escaped = bytes.flatMap((b) => (b === 0x28 || b === 0x29 || b === 0x5c ? [0x5c, b] : [b]));
  return Buffer.concat([Buffer.from('('), Buffer.from(escaped), Buffer.from(')')]);
}

/** Splits text into lines that fit `width` points at `size`, breaking at spaces (a word longer than a line is cut). */
export function wrap(text: string, size: number, width: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * AVERAGE_WIDTH)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest;) {
      const piece = rest.slice(0, max);
      rest = rest.slice(max);
      const next = line ? `${line} ${piece}` : piece;
      if (next.length <= max) line = next;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** The content streams of the pages: each line wrapped, a new page when the current one is full. */
function layout(lines: PdfLine[]): Buffer[] {
  const pages: Buffer[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    const indent = line.indent ?? 0;
    const step = size * LINE_HEIGHT;
    y -= line.gap ?? 0;
    for (const part of wrap(line.text, size, PAGE.width - 2 * PAGE.margin - indent)) {
      if (y - step < PAGE.margin) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= step;
      const font = line.bold ? '/F2' : '/F1';
      pages[pages.length - 1].push(
        Buffer.from(`BT ${font} ${size} Tf ${PAGE.margin + indent} ${y.toFixed(1)} Td `),
        pdfString(part),
        Buffer.from(' Tj ET\n'),
      );
    }
  }
  return pages.map((parts) => Buffer.concat(parts));
}

/**
 * The document: catalog, page tree, the two fonts, an info dictionary (title), then a page
 * and its content stream per page; the cross-reference table gives each object's offset.
 */
export function textPdf(title: string, lines: PdfLine[]): Buffer {
  const contents = layout(lines);
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const firstPage = 6;
  const pageIds = contents.map((_, i) => firstPage + 2 * i);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${contents.length} >>`),
    Buffer.from(font('Helvetica')),
    Buffer.from(font('Helvetica-Bold')),
    Buffer.concat([Buffer.from('<< /Title '), pdfString(title), Buffer.from(' /Producer (ExpMed Health) >>')]),
  ];
  for (const [i, content] of contents.entries()) {
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
      ),
      Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    );
  }
  // A binary comment after the header tells transfer programs the file is not text.
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
