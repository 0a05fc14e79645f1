import type { Visit, VisitMode } from '@api/visits';
import { visitRows } from '@/features/desk/components/visit-mark';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
const change = (minute: number, mode: VisitMode) => ({ uid: 'patient-ama', role: 'patient' as const, mode, at: at(minute) });

/** A visit held from 10:00 to 10:`endMinute` with these changes of mode. */
const visit = (endMinute: number, changes: ReturnType<typeof change>[]): Visit => ({
  appointmentId: 'a1',
  patientId: 'patient-ama',
  hostUid: 'doctor-mensah',
  participants: ['patient-ama', 'doctor-mensah'],
  opensAt: at(-15),
  closesAt: at(90),
  state: 'Ended',
  mode: changes.at(-1)?.mode ?? 'video',
  joined: [],
  left: [],
  modeHistory: changes,
  startedAt: at(0),
  endedAt: at(endMinute),
  durationSeconds: endMinute * 60,
});

const modeRow = (v: Visit) => visitRows(v).find(([label]) => label === 'Mode')?.[1];

describe("the visit's mode on the appointment, by time (issue 36)", () => {
  it('when a video visit switched to audio only for its last 2 of 20 minutes, then it reads as mostly video, with both times', () => {
    expect(modeRow(visit(20, [change(18, 'audio')]))).toBe('Mostly video: video 18 minutes, audio only 2 minutes');
  });

  it('when most of it was audio only, then it says so, not the mode it started in', () => {
    expect(modeRow(visit(20, [change(5, 'audio')]))).toBe('Mostly audio only: video 5 minutes, audio only 15 minutes');
  });

  it('when the patient started with audio only before the doctor admitted them, then the whole visit is audio only', () => {
    expect(modeRow(visit(15, [change(-2, 'audio')]))).toBe('Audio only');
  });

  it('when it stayed on video, then it is video', () => {
    expect(modeRow(visit(15, []))).toBe('Video');
  });
});
