import { textPdf, wrap } from '../pdf';

/** The hand-written PDF (services/record/pdf.ts): a file every reader opens, with the text in it. */
const objectsOf = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  const xref = text.slice(startxref);
  const offsets = [...xref.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  return { text, startxref, xref, offsets };
};

describe('textPdf', () => {
  it('when a document is made, then its cross-reference table points at every object, and the trailer at the table', () => {
    const pdf = textPdf('Prescription AB23CD45', [
      { text: 'ExpMed Health', bold: true, size: 18 },
      { text: 'Amoxicillin 500 mg' },
    ]);
    const { text, startxref, xref, offsets } = objectsOf(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(xref).toMatch(/trailer\n<< \/Size 8 \/Root 1 0 R \/Info 5 0 R >>/);
    expect(text).toContain('(Amoxicillin 500 mg) Tj');
  });

  it('when a stream is written, then its /Length is its byte length', () => {
    const { text } = objectsOf(textPdf('t', [{ text: 'Kofi Ɔdeɛ Tetteh (son) \\ café – 2 × daily' }]));
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Buffer.byteLength(match[2], 'latin1')).toBe(Number(match[1]));
    // Akan letters as their nearest WinAnsi letters; brackets and backslashes escaped; WinAnsi's own dash and ×.
    expect(match[2]).toContain('(Kofi Odee Tetteh \\(son\\) \\\\ caf\xe9 \x96 2 \xd7 daily) Tj');
  });

  it('when the lines do not fit one page, then there are more pages, all in the page tree', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i + 1}` }));
    const { text, offsets } = objectsOf(textPdf('long', lines));
    expect(text).toMatch(/\/Count 3 >>/);
    expect(offsets).toHaveLength(5 + 2 * 3);
    expect(text).toContain('(Line 120) Tj');
  });
});

describe('wrap', () => {
  it('when text is longer than a line, then it breaks at spaces, and a word longer than a line is cut', () => {
    expect(wrap('one two three', 10, 60)).toEqual(['one two', 'three']);
    expect(wrap('x'.repeat(30), 10, 60)).toEqual(['x'.repeat(11), 'x'.repeat(11), 'x'.repeat(8)]);
    expect(wrap('', 10, 60)).toEqual(['']);
  });
});
