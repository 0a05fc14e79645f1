import {
  ageOn,
  followUpBookingPath,
  followUpDay,
  followUpRemindAt,
  initialsKey,
  initialsOf,
  normaliseRxCode,
  resultName,
  RX_CODE_ALPHABET,
  withoutStaffOnly,
} from '../api/record';
import { newRxCode } from '../services/record/prescriptions';

/** The record's pure rules (api/record.ts), shared by the server and the site. */
describe('prescription codes', () => {
  it('when codes are drawn, then each is 10 characters of the alphabet without look-alikes, and they spread over all of it', () => {
    const codes = Array.from({ length: 2000 }, newRxCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join(''))).toEqual(new Set(RX_CODE_ALPHABET));
    expect(RX_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it.each([
    ['ab23-cd45', 'AB23CD45'],
    [' AB23 CD45 ', 'AB23CD45'],
    ['ab23-cd45-ef', 'AB23CD45EF'],
    ['AB23CD45E', undefined],
    ['AB23CD45EFG', undefined],
    ['AB23CD4', undefined],
    ['AB23CD40', undefined],
    ['AB23CDI5', undefined],
    ['../../x', undefined],
  ])('when %j is typed, then the code read is %j', (typed, code) => {
    expect(normaliseRxCode(typed)).toBe(code);
  });

  it('when a name is given, then its initials are what a pharmacy sees', () => {
    expect(initialsOf('ama  serwaa Boateng')).toBe('A. S. B.');
    expect(initialsOf('')).toBe('');
  });

  it('when a pharmacist types initials with dots or spaces or in lower case, then only the letters count', () => {
    for (const typed of ['ASB', 'a.s.b', 'A. S. B.', ' a s b ']) expect(initialsKey(typed)).toBe('ASB');
  });
});

describe('age and follow-ups', () => {
  it.each([
    ['1990-03-14', '2026-03-13', 35],
    ['1990-03-14', '2026-03-14', 36],
    ['2000-02-29', '2026-02-28', 25],
    ['', '2026-01-01', null],
    ['2030-01-01', '2026-01-01', null],
    ['not a day', '2026-01-01', null],
  ])('when born %s, on %s the age is %s', (born, today, age) => {
    expect(ageOn(born, today)).toBe(age);
  });

  it('when a follow-up is asked in days or on a day, then its day is after today and within a year', () => {
    expect(followUpDay({ afterDays: 14, note: '' }, '2026-11-26')).toBe('2026-12-10');
    expect(followUpDay({ date: '2027-01-05', note: '' }, '2026-11-26')).toBe('2027-01-05');
    expect(followUpDay({ date: '2026-11-26', note: '' }, '2026-11-26')).toBeUndefined();
    expect(followUpDay({ date: '2028-01-01', note: '' }, '2026-11-26')).toBeUndefined();
  });

  it('when the reminder is timed, then it is 2 days before at 08:00 Ghana time, or now when that has passed', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(followUpRemindAt('2026-12-10', now).toISOString()).toBe('2026-12-08T08:00:00.000Z');
    expect(followUpRemindAt('2026-11-27', now)).toEqual(now);
  });

  it('when the booking link is made, then a doctor is named for a virtual consultation only', () => {
    expect(followUpBookingPath({ requestedServiceId: 1, doctorId: 'dr-mensah' })).toBe(
      '/appointment-page?service=1&doctor=dr-mensah',
    );
    expect(followUpBookingPath({ requestedServiceId: 3, doctorId: 'dr-mensah' })).toBe('/appointment-page?service=3');
  });
});

describe('what a patient may receive', () => {
  it('when an appointment is answered to its patient, then the clinic’s notes are not in it', () => {
    const a = {
      appointmentId: 'a',
      visitSummary: 'Rest',
      clinicalNotes: { complaint: 'c', findings: 'f', assessment: 'a', plan: 'p' },
    };
    expect(withoutStaffOnly(a)).toEqual({ appointmentId: 'a', visitSummary: 'Rest' });
    expect(a.clinicalNotes).toBeDefined();
  });

  it('when a result is named, then the name is plain text of at most 120 characters', () => {
    expect(resultName('FBC report (1).pdf')).toBe('FBC report (1).pdf');
    expect(resultName('<script>x</script>.pdf')).toBe('scriptxscript.pdf');
    expect(resultName('../../etc/passwd')).toBe('....etcpasswd');
    expect(resultName(undefined)).toBe('result');
    expect(resultName('a'.repeat(300))).toHaveLength(120);
  });
});
