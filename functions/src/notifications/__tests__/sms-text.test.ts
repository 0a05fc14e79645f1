import { ghanaPhone, isGsm7, septets, smsBody, SMS_MAX_SEPTETS, toGsm7 } from '../sms-text';

describe('Ghana phone numbers become +233 and nine digits', () => {
  it.each([
    ['0241234567', '+233241234567'],
    ['024 123 4567', '+233241234567'],
    ['024-123-4567', '+233241234567'],
    ['233241234567', '+233241234567'],
    ['+233241234567', '+233241234567'],
    ['+233 24 123 4567', '+233241234567'],
    ['00233241234567', '+233241234567'],
    ['(030) 277 1234', '+233302771234'],
  ])('%s -> %s', (typed, normalised) => {
    expect(ghanaPhone(typed)).toBe(normalised);
  });

  it.each([
    [''],
    [undefined],
    ['12345'],
    ['+2332412345678'],
    ['+441632960000'],
    ['024123456a'],
    ['0041234567'],
    ['+2330241234567'],
  ])('refuses %p', (typed) => {
    expect(ghanaPhone(typed)).toBeUndefined();
  });
});

describe('SMS bodies', () => {
  it('replaces what GSM-7 lacks: smart quotes, dashes, the cedi sign, accents', () => {
    const text = toGsm7('‘Fee’ — “GH₵ 25.00”… Kɔfi Ɛfua Owusu-Ansah cafe\u0301 ō 😀');
    expect(isGsm7(text)).toBe(true);
    expect(text).toBe('\'Fee\' - "GHS 25.00"... Kofi Efua Owusu-Ansah café o');
  });

  it('names the clinic, and fits two concatenated parts (2 x 153 septets)', () => {
    const long = smsBody(`Reminder ${'x'.repeat(400)} {braces} count twice`);
    expect(long.startsWith('ExpMed Health: Reminder')).toBe(true);
    expect(septets(long)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(long.endsWith('...')).toBe(true);
    expect(smsBody('ExpMed Health: hello')).toBe('ExpMed Health: hello');
  });

  it('counts the extension characters as two septets', () => {
    expect(septets('a€[')).toBe(5);
    const braces = smsBody('{'.repeat(400));
    expect(septets(braces)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  });
});
