import { sampleAppointment } from '../../__tests__/sample-appointment';
import { smsBody } from '../../sms-text';
import { appointmentRescheduled, doctorAppointmentRescheduled } from '../scheduling';

const moved = sampleAppointment({
  firstName: 'Ama',
  lastName: 'Mensah',
  requestedService: 'Virtual Consultation (Telemedicine)',
  requestedDay: '2030-03-05',
  requestedTime: '14:30',
  clientReference: 'AB12CD34EF',
  doctorSurName: 'Boateng',
});
const from = { day: '2030-03-04', time: '09:00' };

describe('scheduling notices', () => {
  it('when the patient moved it, then the notice names both times and the reference, the SMS names the clinic within two parts, and the invitation keeps the appointment UID', () => {
    const n = appointmentRescheduled(moved, from, 'patient');
    expect(n.subject).toBe('Appointment rescheduled: Virtual Consultation (Telemedicine), Tue 5 Mar 2030, 14:30');
    expect(n.paragraphs[1]).toBe(
      'Your Virtual Consultation (Telemedicine) appointment has moved from Mon 4 Mar 2030, 09:00 to Tue 5 Mar 2030, 14:30.',
    );
    expect(smsBody(n.sms!)).toBe(
      'ExpMed Health: your Virtual Consultation (Telemedicine) appointment has moved from Mon 4 Mar 2030, 09:00 to Tue 5 Mar 2030, 14:30. Ref AB12CD34EF.',
    );
    expect(n.paragraphs).toContain('Reference: AB12CD34EF');
    expect(n.sms).toMatch(/^ExpMed Health: /);
    expect(smsBody(n.sms!).length).toBeLessThanOrEqual(306);
    expect(n.attachments?.[0].content).toContain(`UID:${moved.appointmentId}@`);
  });

  it('when the clinic moved it, then the patient reads that the clinic did; a day-only appointment has no time', () => {
    const n = appointmentRescheduled({ ...moved, requestedTime: null }, { day: '2030-03-04', time: null }, 'clinic');
    expect(n.paragraphs[1]).toBe(
      'Your Virtual Consultation (Telemedicine) appointment has moved from Mon 4 Mar 2030 to Tue 5 Mar 2030. The clinic moved it.',
    );
  });

  it("when an endless name is given, then the SMS as sent is still at most two parts; the doctor's notice names the patient", () => {
    const long = { ...moved, firstName: 'A'.repeat(400) };
    expect(smsBody(appointmentRescheduled(long, from, 'patient').sms!).length).toBeLessThanOrEqual(306);
    const d = doctorAppointmentRescheduled(moved, from);
    expect(d.subject).toBe('Appointment moved: Ama Mensah, now Tue 5 Mar 2030, 14:30');
    expect(d.paragraphs[0]).toBe('Dear Dr Boateng,');
    expect(smsBody(d.sms!).length).toBeLessThanOrEqual(306);
  });
});
