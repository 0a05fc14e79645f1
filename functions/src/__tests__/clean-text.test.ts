import { cleanText } from '../api/clean-text';
import { requiredText } from '../api/request-fields';

/**
 * Clean text (api/clean-text.ts; docs/api.md 'Text we keep'): NFC, and no bidirectional
 * controls or zero-width characters. Code points are written as escapes so the test says
 * exactly which one it sends.
 */
const REMOVED: [string, string][] = [
  ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202A'],
  ['U+202B RIGHT-TO-LEFT EMBEDDING', '\u202B'],
  ['U+202C POP DIRECTIONAL FORMATTING', '\u202C'],
  ['U+202D LEFT-TO-RIGHT OVERRIDE', '\u202D'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202E'],
  ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066'],
  ['U+2067 RIGHT-TO-LEFT ISOLATE', '\u2067'],
  ['U+2068 FIRST STRONG ISOLATE', '\u2068'],
  ['U+2069 POP DIRECTIONAL ISOLATE', '\u2069'],
  ['U+200E LEFT-TO-RIGHT MARK', '\u200E'],
  ['U+200F RIGHT-TO-LEFT MARK', '\u200F'],
  ['U+061C ARABIC LETTER MARK', '\u061C'],
  ['U+200B ZERO WIDTH SPACE', '\u200B'],
  ['U+200C ZERO WIDTH NON-JOINER', '\u200C'],
  ['U+200D ZERO WIDTH JOINER', '\u200D'],
  ['U+2060 WORD JOINER', '\u2060'],
  ['U+FEFF ZERO WIDTH NO-BREAK SPACE (BOM)', '\uFEFF'],
];

describe('cleanText', () => {
  it.each(REMOVED)('when a name holds %s, then it is removed wherever it stands', (_, char) => {
    expect(cleanText(`${char}Ama${char} Os${char}ei${char}`)).toBe('Ama Osei');
  });

  it('when a right-to-left override disguises a name, then it reads as its letters are', () => {
    // Displayed, 'Ama <RLO>iesO' looks like 'Ama Osei'; cleaned, it no longer can.
    expect(cleanText('Ama \u202EiesO\u202C')).toBe('Ama iesO');
  });

  it('when a letter and its accent come as two code points, then they are stored as the one composed letter (NFC)', () => {
    expect(cleanText('Ame\u0301lie')).toBe('Amélie');
    expect(cleanText('Ame\u0301lie')).toHaveLength(6);
    expect(cleanText('A\u030Asa')).toBe('\u00C5sa');
    // A removed character between the letter and its mark leaves them to compose.
    expect(cleanText('Ame\u200B\u0301lie')).toBe('Amélie');
  });

  it('when the text is already composed and plain, then it is unchanged', () => {
    for (const text of ['Kwame Mensah', 'Amélie Nkrumah', 'Headaches for a week; worse at night.', '', '024 123 4567'])
      expect(cleanText(text)).toBe(text);
  });

  it('when a name is written in Akan, Ga, Ewe or Dagbani letters, then every letter is kept', () => {
    for (const name of ['Ɛsi Ɔforiwaa', 'Kwadwo Bɔadu', 'Nii Ɔdɔi', 'Ŋmɛnɛ', 'Dzifa Ʋɔ', 'Ɖɔ ƒe Afɛ', 'Yɛnsɛ Saŋa', 'ɣeɖe'])
      expect(cleanText(name)).toBe(name);
  });

  it('when a Ghanaian vowel carries a tone mark, then the letter and the mark are kept (Unicode has no composed form of them)', () => {
    expect(cleanText('ɔ\u0301kɛ\u0300')).toBe('ɔ\u0301kɛ\u0300');
    // Where a composed letter exists it is used: e + acute is é.
    expect(cleanText('Kofi e\u0301')).toBe('Kofi é');
  });

  it('when an emoji sequence is joined by U+200D, then the joiner goes too, as the contract says (the pictures stay)', () => {
    expect(cleanText('\u{1F469}\u200D\u2695\uFE0F')).toBe('\u{1F469}\u2695\uFE0F');
  });
});

describe('every text rule cleans before it checks and stores', () => {
  it('when a required name is only invisible characters and spaces, then it is refused as missing', async () => {
    await expect(requiredText('First Name', 60).validate(' \u200B\u202E\uFEFF ')).rejects.toThrow('First Name is required.');
  });

  it('when a name is over the limit only by its invisible characters, then it passes, cleaned', async () => {
    expect(await requiredText('First Name', 3).validate('\u202EAma\u200B')).toBe('Ama');
  });

  it('when a decomposed name would be over the limit, then its composed form is what is counted', async () => {
    expect(await requiredText('First Name', 6).validate('Ame\u0301lie')).toBe('Amélie');
  });
});
