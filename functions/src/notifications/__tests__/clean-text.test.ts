import { cleanText } from '../../api/format';
import { appointmentIcs } from '../ics';
import { noticeMail } from '../notify';
import { smsBody } from '../sms-text';
import { bookingReceived } from '../templates';
import { sampleAppointment } from './sample-appointment';

/**
 * What people typed reaches mails, SMS and calendar files only without control characters
 * (issue 26: a bare carriage return in a booking's location reached the .ics LOCATION line).
 */
const NASTY = 'Osu\rAccra\u0000\u0007 \u202eSpoof\u202c\tEnd\u2028Line\r\nTwo\u0085Three\u001b[31m';

describe('cleanText', () => {
  it('makes every line break one LF, tabs spaces, and drops the other controls and bidi overrides', () => {
    expect(cleanText(NASTY)).toBe('Osu\nAccra Spoof End\nLine\nTwo\nThree[31m');
  });

  it('on one line, the line breaks become spaces', () => {
    expect(cleanText('Subject\r\nBcc: x@evil.example', { singleLine: true })).toBe('Subject Bcc: x@evil.example');
  });

  it('leaves ordinary text, accents and symbols alone', () => {
    const text = 'Ama Ɔsei, Tamale — GH₵ 25.00 (30% off) “ok”';
    expect(cleanText(text)).toBe(text);
  });
});

describe('the writers use it', () => {
  const a = sampleAppointment({
    requestedServiceId: 3,
    requestedServiceOption: null,
    location: 'Osu\rAccra',
    firstName: 'Ama\u0000',
  });

  it('the .ics: a bare CR in the location becomes an escaped line break, never a raw CR in the file', () => {
    const ics = appointmentIcs(a, { now: new Date('2026-11-26T10:00:00Z') });
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).not.toContain('\u0000');
    expect(ics.replace(/\r\n[ \t]/g, '').split('\r\n')).toContain('LOCATION:Osu\\nAccra');
  });

  it('the mail: no control characters in subject, text or HTML; the subject stays one line', () => {
    const notice = { ...bookingReceived(a), subject: 'Booked\r\nBcc: x@evil.example' };
    const mail = noticeMail('ama@example.com', notice);
    expect(mail.message.subject).toBe('Booked Bcc: x@evil.example');
    const controls = [...Array(32).keys()].filter((c) => c !== 10).map((c) => String.fromCharCode(c));
    for (const part of [mail.message.text, mail.message.html]) expect(controls.filter((c) => part.includes(c))).toEqual([]);
  });

  it('the SMS: one line, no control characters', () => {
    const body = smsBody(`Your visit at ${NASTY}`);
    expect(body).toBe('ExpMed Health: Your visit at Osu Accra Spoof End Line Two Three[31m');
  });
});
