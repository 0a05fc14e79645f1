import * as templates from '../templates';
import type { Notice } from '../notice';
import { noticeMail } from '../notify';
import { isGsm7, septets, smsBody, SMS_MAX_SEPTETS } from '../sms-text';
import { sampleAppointment } from './sample-appointment';

/**
 * Renders every template the index exports. A template without a sample here fails the first
 * test: add one (with '<script>' in every piece of user text it shows).
 */
const EVIL = '<script>alert(1)</script>';
const evilAppointment = sampleAppointment({ firstName: EVIL, lastName: 'Mensah', location: EVIL });

const evilPackage = { packageTitle: `Family ${EVIL}`, periodEnd: '2026-12-31T00:00:00.000Z' };

const SAMPLES: Record<string, () => Notice> = {
  bookingReceived: () => templates.bookingReceived(evilAppointment),
  appointmentStateChanged: () => templates.appointmentStateChanged(evilAppointment, 'decline', `Doctor unwell ${EVIL}`),
  appointmentCancelled: () => templates.appointmentCancelled(evilAppointment),
  appointmentExpired: () => templates.appointmentExpired({ ...evilAppointment, requestedService: `Lab ${EVIL}` }),
  appointmentReminder: () =>
    templates.appointmentReminder(evilAppointment, '10m', `https://expmedhealth.com/visit/${'a'.repeat(20)}`),
  paymentReceived: () =>
    templates.paymentReceived({ what: `Order: 1 x ${EVIL}`, amount: 25, clientReference: 'ref-1', paidAt: new Date() }),
  refundDue: () =>
    templates.refundDue({
      clientReference: 'ref-1',
      amount: 25,
      currency: 'GHS',
      reason: 'cancelled',
      kind: 'appointment',
      recordId: 'appt-1',
      what: `Appointment: ${EVIL}`,
    }),
  refundSent: () =>
    templates.refundSent({
      clientReference: 'ref-1',
      amount: 25,
      currency: 'GHS',
      reason: 'cancelled',
      kind: 'appointment',
      recordId: 'appt-1',
      what: `your ${EVIL}`,
      method: 'MTN mobile money',
      providerReference: `MM-${EVIL}`,
      refundedAt: new Date(),
    }),
  verificationCode: () => templates.verificationCode({ firstName: EVIL, code: 'AB12CD' }),
  phoneCode: () => templates.phoneCode({ code: '123456', minutes: 15 }),
  mandateNumberCode: () => templates.mandateNumberCode({ code: '123456', minutes: 15 }),
  accountErased: () => templates.accountErased(),
  newsletterWelcome: () => templates.newsletterWelcome(),
  appointmentRescheduled: () => templates.appointmentRescheduled(evilAppointment, { day: '2026-12-01', time: '10:00' }, 'clinic'),
  doctorAppointmentRescheduled: () => templates.doctorAppointmentRescheduled(evilAppointment, { day: '2026-12-01', time: null }),
  trialStarted: () => templates.trialStarted(evilPackage),
  renewalReminder: () =>
    templates.renewalReminder({ ...evilPackage, daysBefore: 5, amount: 99, link: 'https://example.com/profile' }),
  subscriptionExpired: () => templates.subscriptionExpired({ ...evilPackage, link: 'https://example.com/profile' }),
  subscriptionCancelled: () => templates.subscriptionCancelled(evilPackage),
  deskPhoneCode: () => templates.deskPhoneCode({ firstName: EVIL, code: '123456' }),
  deskEmailCode: () => templates.deskEmailCode({ firstName: EVIL, code: '123456' }),
  paymentLink: () =>
    templates.paymentLink({
      what: `Appointment: ${EVIL}`,
      amount: 250,
      url: 'https://pay.example.com/checkout/0123456789abcdef0123456789abcdef',
      clientReference: 'ref-1',
      appointmentId: 'appt-1',
    }),
  visitAssigned: () =>
    templates.visitAssigned({
      ...evilAppointment,
      assignedToName: `Nurse ${EVIL}`,
      arrivalWindow: { from: '10:00', to: '12:00' },
      address: { line: `House ${EVIL}` },
    }),
  virtualHostAssigned: () => templates.virtualHostAssigned({ ...evilAppointment, assignedToName: `Dr ${EVIL}` }),
  clinicianOnTheWay: () =>
    templates.clinicianOnTheWay({
      ...evilAppointment,
      assignedToName: `Nurse ${EVIL}`,
      arrivalWindow: { from: '10:00', to: '12:00' },
    }),
  needsRebooking: () =>
    templates.needsRebooking(
      { ...evilAppointment, paymentStatus: 'Paid', consultationFee: 250 },
      `the clinic is closed (${EVIL})`,
    ),
  messageReplyNotice: () => templates.messageReplyNotice(EVIL, `My question ${EVIL}`, `Our answer to ${EVIL}`),
  prescriptionIssued: () =>
    templates.prescriptionIssued({
      doctor: `Dr ${EVIL}`,
      code: 'AB23CD45',
      medicines: 3,
      appointmentId: 'appt-1',
      checkLink: 'https://expmedhealth.com/rx/AB23CD45',
    }),
  resultReady: () => templates.resultReady({ ...evilAppointment, link: 'https://expmedhealth.com/dashboard/records' }),
  followUpReminder: () =>
    templates.followUpReminder({
      ...evilAppointment,
      dueDate: '2026-12-10',
      note: `Bring your results ${EVIL}`,
      link: 'https://expmedhealth.com/appointment-page?service=1&doctor=dr-mensah',
    }),
};

const exported = Object.entries(templates).filter(([, v]) => typeof v === 'function');

describe('notice templates', () => {
  it('has a sample for every template the index exports', () => {
    expect(exported.map(([name]) => name).filter((name) => !SAMPLES[name])).toEqual([]);
  });

  describe.each(exported.map(([name]) => [name]))('%s', (name) => {
    const notice = SAMPLES[name]();
    const mail = noticeMail('ama@example.com', notice);

    it('has a subject, text and HTML in which user text is escaped', () => {
      expect(notice.subject.length).toBeGreaterThan(5);
      expect(notice.paragraphs.length).toBeGreaterThan(0);
      expect(mail.message.text).toBe(notice.paragraphs.join('\n\n'));
      expect(mail.message.html).not.toContain('<script>');
      if (mail.message.text.includes(EVIL)) expect(mail.message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('has an SMS body in GSM-7, within two parts, naming the clinic (the e-mail codes have none: they never go by SMS)', () => {
      if (name === 'verificationCode' || name === 'deskEmailCode') return expect(notice.sms).toBeUndefined();
      const body = smsBody(notice.sms!);
      expect(isGsm7(body)).toBe(true);
      expect(septets(body)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(body).toMatch(/^ExpMed Health/);
    });
  });

  it('renders whole SMS for ordinary records, without cutting them', () => {
    const a = sampleAppointment();
    for (const notice of [
      templates.bookingReceived(a),
      templates.appointmentStateChanged(a, 'decline', 'The doctor is away that day; please choose another day.'),
      templates.appointmentReminder(a, '2h', undefined, new Date('2026-12-03T07:30:00Z')),
      templates.appointmentReminder(
        a,
        '2h',
        `https://expmedhealth.com/visit/${'a'.repeat(20)}`,
        new Date('2026-12-03T07:30:00Z'),
      ),
      templates.appointmentReminder(
        a,
        '10m',
        `https://expmedhealth.com/visit/${'a'.repeat(20)}`,
        new Date('2026-12-03T09:20:00Z'),
      ),
    ]) {
      expect(smsBody(notice.sms!).endsWith('...')).toBe(false);
    }
    expect(smsBody(templates.bookingReceived(a).sms!)).toBe(
      'ExpMed Health: We received your request for Virtual Consultation on Thu 3 Dec 2026, 09:30. Fee GHS 150.00: pay in your dashboard. Ref ref-abc123.',
    );
  });

  it('a booking the package covers says so in the one sentence the booking page uses, in the mail and the SMS, with no fee', () => {
    const a = sampleAppointment({
      consultationFee: 0,
      requiresPayment: false,
      paymentStatus: 'Not Applicable',
      coveredBy: 'sub-1',
      coverage: {
        subscriptionId: 'sub-1',
        packageTitle: 'Individual trial',
        benefit: 'virtualConsultation',
        used: 1,
        left: 0,
        fullPrice: 120,
        note: 'Covered by your Individual trial: nothing to pay (0 of 1 virtual consultations left this period).',
      },
    });
    const notice = templates.bookingReceived(a);
    expect(notice.paragraphs).toContain(
      'Covered by your Individual trial: nothing to pay (0 of 1 virtual consultations left this period).',
    );
    expect(notice.paragraphs.join(' ')).not.toMatch(/There is nothing to pay for this service|GHS/);
    expect(smsBody(notice.sms!)).toContain('Covered by your Individual trial: nothing to pay. Ref ');
  });

  it("a video visit's reminders carry its join link, in the mail and in the SMS before the reference", () => {
    const a = sampleAppointment({ clientReference: 'REF1234567' });
    const link = 'https://expmedhealth.com/visit/appt-123';
    expect(smsBody(templates.appointmentReminder(a, '10m', link, new Date('2026-12-03T09:22:00Z')).sms!)).toBe(
      `ExpMed Health: Reminder: your Virtual Consultation is in 8 minutes, Thu 3 Dec 2026, 09:30 (Ghana time). Join the video visit: ${link} Ref REF1234567.`,
    );
    const day = templates.appointmentReminder(a, '24h', link, new Date('2026-12-02T10:00:00Z'));
    expect(day.paragraphs).toContain(`It is a video visit: join it from 15 minutes before the start here: ${link}`);
    // What the visit costs in data: the shared sentence, from the measured figures.
    expect(day.paragraphs).toContain(
      'A 15-minute video visit uses about 55 MB of mobile data; audio only about 7 MB. Wi-Fi, if you have it, saves your bundle.',
    );
    expect(noticeMail('ama@example.com', day).message.html).toContain(link);
    expect(templates.appointmentReminder(a, '24h').sms).not.toContain('visit/');
  });

  it('a reminder names the day and the time left from when it is sent: booked at 15:37 for 18:00, it says today', () => {
    const a = sampleAppointment({ requestedDay: '2026-11-27', requestedTime: '18:00' });
    const sameDay = templates.appointmentReminder(a, '24h', undefined, new Date('2026-11-27T15:37:00Z'));
    expect(sameDay.subject).toBe('Reminder: Virtual Consultation today');
    expect(smsBody(sameDay.sms!)).toMatch(
      /^ExpMed Health: Reminder: your Virtual Consultation is today, Fri 27 Nov 2026, 18:00 /,
    );
    const dayBefore = templates.appointmentReminder(a, '24h', undefined, new Date('2026-11-26T19:00:00Z'));
    expect(dayBefore.sms).toContain('is tomorrow, Fri 27 Nov 2026, 18:00');
    // Booked 90 minutes ahead: its 2-hour reminder says the time actually left.
    expect(templates.appointmentReminder(a, '2h', undefined, new Date('2026-11-27T16:30:00Z')).sms).toContain(
      'is in 1 hour 30 minutes,',
    );
    expect(templates.appointmentReminder(a, '2h', undefined, new Date('2026-11-27T16:01:00Z')).sms).toContain('is in 2 hours,');
  });

  it('sends a prescription’s code and check link whole, and never a result in its notice', () => {
    const rx = smsBody(
      templates.prescriptionIssued({
        doctor: 'Dr Nii Armah Tetteh',
        code: 'AB23CD45',
        medicines: 2,
        appointmentId: 'a',
        checkLink: 'https://expmedhealth.com/rx/AB23CD45',
      }).sms!,
    );
    expect(rx).toBe(
      'ExpMed Health: Prescription code AB23CD45 from Dr Nii Armah Tetteh (2 medicines). A pharmacy can check it at https://expmedhealth.com/rx/AB23CD45. See it in your dashboard.',
    );
    const ready = templates.resultReady({ ...sampleAppointment(), link: 'https://expmedhealth.com/dashboard/records' });
    expect(ready.paragraphs.join(' ')).toMatch(/it is not in this e-mail/);
    expect(ready.attachments).toBeUndefined();
  });

  it("a desk booking's notice to an account holder carries the link that confirms it, in the mail and whole in the SMS before the reference", () => {
    const a = sampleAppointment({
      source: 'CLINIC',
      bookedBy: { uid: 'desk-1', role: 'staff' },
      requestedService: 'Virtual Consultation (Telemedicine)',
      clientReference: 'REF1234567',
    });
    const link = `https://expmedhealth.com/dashboard?confirm=${'a'.repeat(20)}`;
    const notice = templates.bookingReceived(a, undefined, link);
    expect(notice.paragraphs).toContain(
      `Our clinic made this booking for you. Please confirm it is yours here: ${link} Once you confirm it, pay for it or are checked in, its doctor can read your record for this visit.`,
    );
    expect(smsBody(notice.sms!)).toBe(
      `ExpMed Health: We received your request for Virtual Consultation (Telemedicine) on Thu 3 Dec 2026, 09:30. Fee GHS 150.00: pay at the clinic or by our link. Please confirm it: ${link} Ref REF1234567.`,
    );
    expect(templates.bookingReceived(a).sms).not.toContain('confirm');
  });

  it('attaches the invitation to the booking and acceptance only', () => {
    const a = sampleAppointment();
    expect(templates.bookingReceived(a).attachments?.[0].filename).toBe('appointment.ics');
    expect(templates.appointmentStateChanged(a, 'accept').attachments?.[0].content).toContain('STATUS:CONFIRMED');
    expect(templates.appointmentStateChanged(a, 'decline', 'x').attachments).toBeUndefined();
  });
});
