import { appointmentIcs, appointmentInvitation, foldLine, icsText } from '../ics';
import { sampleAppointment } from './sample-appointment';

/** The .ics unfolded into its logical lines (RFC 5545 3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar invitation of an appointment', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const ics = appointmentIcs(sampleAppointment(), { now });
  const lines = unfold(ics);

  it('is an iTIP REQUEST with one event: stable UID, sequence, UTC times, alarm an hour before', () => {
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//ExpMed Health//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
    ]);
    expect(lines).toContain('UID:appt-123@expmed-health');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('DTSTAMP:20261126T100000Z');
    // 09:30 in Accra is 09:30 UTC (GMT all year); 30 minutes long.
    expect(lines).toContain('DTSTART:20261203T093000Z');
    expect(lines).toContain('DTEND:20261203T100000Z');
    expect(lines).toContain('SUMMARY:ExpMed Health: Virtual Consultation with Dr Akua Boateng');
    expect(lines).toContain('ORGANIZER;CN=ExpMed Health:mailto:care@expmedhealth.com.gh');
    expect(lines.slice(lines.indexOf('BEGIN:VALARM'), lines.indexOf('END:VALARM') + 1)).toEqual([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT1H',
      'DESCRIPTION:Virtual Consultation in 1 hour',
      'END:VALARM',
    ]);
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('uses CRLF only and folds every line at 75 octets', () => {
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const description = lines.find((l) => l.startsWith('DESCRIPTION:Virtual'))!;
    expect(description).toBe(
      'DESCRIPTION:Virtual Consultation with Dr Akua Boateng for Ama Mensah.\\nReference: ref-abc123.\\nTo change or cancel it\\, open Appointments in your ExpMed Health dashboard.',
    );
  });

  it('escapes text and never splits a character when folding', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });

  it('keeps the UID and raises the sequence when the appointment moves; confirmed once accepted', () => {
    const moved = unfold(
      appointmentIcs(sampleAppointment({ appointmentStatus: 'Accepted', requestedTime: '11:00' }), { sequence: 2 }),
    );
    expect(moved).toContain('UID:appt-123@expmed-health');
    expect(moved).toContain('SEQUENCE:2');
    expect(moved).toContain('DTSTART:20261203T110000Z');
    expect(moved).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('STATUS:TENTATIVE');
  });

  it('is an all-day entry when no time is agreed yet', () => {
    const untimed = unfold(appointmentIcs(sampleAppointment({ requestedTime: null })));
    expect(untimed).toContain('DTSTART;VALUE=DATE:20261203');
    expect(untimed).toContain('DTEND;VALUE=DATE:20261204');
  });

  it('is attached as appointment.ics, text/calendar; method=REQUEST', () => {
    const attachment = appointmentInvitation(sampleAppointment());
    expect(attachment.filename).toBe('appointment.ics');
    expect(attachment.contentType).toBe('text/calendar; method=REQUEST');
    expect(attachment.content).toContain('METHOD:REQUEST');
  });
});
