import { bookableDay, isCalendarDay, isClockTime, isDayTime } from '../api/request-fields';

/** The one rule for days and times (api/request-fields.ts), as every request schema and form uses it. */
describe('real calendar values', () => {
  it.each(['2027-01-31', '2028-02-29', '2026-12-31'])('%s is a day', (day) => expect(isCalendarDay(day)).toBe(true));

  it.each(['2027-13-01', '2027-02-30', '2027-02-29', '2027-00-10', '2027-1-01', '27-01-01', '', 'tomorrow', 20270101, null])(
    '%s is not a day (and checking it throws nothing)',
    (day) => expect(isCalendarDay(day)).toBe(false),
  );

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['25:00', false],
    ['12:60', false],
    ['9:00', false],
  ])('%s as a time of day: %s', (time, real) => expect(isClockTime(time)).toBe(real));

  it('a day and time needs both real, joined by T', () => {
    expect(isDayTime('2027-01-01T10:00')).toBe(true);
    expect(isDayTime('2027-13-01T10:00')).toBe(false);
    expect(isDayTime('2027-01-01T25:00')).toBe(false);
    expect(isDayTime('2027-01-01 10:00')).toBe(false);
  });

  it('a bookable day is real, not past and at most 366 days ahead, each refusal naming the field', async () => {
    const field = bookableDay('Preferred Date');
    const today = new Date().toISOString().slice(0, 10);
    await expect(field.validate(today)).resolves.toBe(today);
    await expect(field.validate('2027-13-01')).rejects.toThrow('Preferred Date must be a date written yyyy-MM-dd.');
    await expect(field.validate('2000-01-01')).rejects.toThrow('Preferred Date must be today or later.');
    await expect(field.validate('9999-12-27')).rejects.toThrow('Preferred Date must be within the next 366 days.');
  });
});
