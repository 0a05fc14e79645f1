import { normaliseGhanaPhone } from '../../../api/ghana-phone';
import { codeMatches, hashCode, makeCode } from '../verification-code';

describe('the verification code', () => {
  it("when made, then it is last initial, first initial, 6 random digits and the phone's last 2 digits", () => {
    expect(makeCode('Ama', 'Owusu', '+233201234598')).toMatch(/^OA\d{6}98$/);
    expect(makeCode('ésí', '  ', '+233201234598')).toMatch(/^XS\d{6}98$/);
  });

  it('when compared, then case and spaces do not matter but every character does', () => {
    const hash = hashCode('uid-1', 'OA12345698');
    expect(codeMatches('uid-1', 'oa 123456 98', hash)).toBe(true);
    expect(codeMatches('uid-1', 'OA12345697', hash)).toBe(false);
    expect(codeMatches('uid-2', 'OA12345698', hash)).toBe(false);
  });
});

describe('Ghana phone numbers', () => {
  it.each([
    ['0241234567', '+233241234567'],
    ['024 123 4567', '+233241234567'],
    ['+233 50-123-4567', '+233501234567'],
    ['233302904150', '+233302904150'],
  ])('when %s is typed, then it is stored as %s', (typed, stored) => {
    expect(normaliseGhanaPhone(typed)).toBe(stored);
  });

  it.each(['024123456', '02412345678', '+447700900123', '0141234567', 'phone'])(
    'when %s is typed, then it is refused',
    (typed) => {
      expect(normaliseGhanaPhone(typed)).toBeUndefined();
    },
  );
});
