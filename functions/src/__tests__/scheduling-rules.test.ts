import {
  doctorScheduleSchema,
  freeTimes,
  reschedulingTerms,
  RESCHEDULE_LIMIT_REACHED,
  RESCHEDULE_TOO_LATE,
  scheduledTimes,
  type DoctorSchedule,
} from '../api/scheduling';

const schedule: DoctorSchedule = {
  weekly: {
    mon: [
      { from: '09:00', to: '12:00' },
      { from: '14:00', to: '15:00' },
    ],
    tue: [{ from: '09:00', to: '10:10' }],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  slotMinutes: 30,
  timeOff: [{ from: '2030-03-04T10:15', to: '2030-03-04T11:00' }],
};
// 2030-03-04 is a Monday, 2030-03-05 a Tuesday.

describe('the slot grid (api/scheduling.ts)', () => {
  it('when a day has ranges, then slots start every slotMinutes and end within the range', () => {
    expect(scheduledTimes(schedule, '2030-03-04')).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '14:00',
      '14:30',
    ]);
    expect(scheduledTimes(schedule, '2030-03-05')).toEqual(['09:00', '09:30']);
    expect(scheduledTimes(schedule, '2030-03-06')).toEqual([]);
  });

  it('when slots are taken, in time off or before the earliest start, then they are not free', () => {
    const free = freeTimes(schedule, '2030-03-04', new Set(['14:00']), new Date('2030-03-04T09:20:00Z'));
    expect(free).toEqual(['09:30', '11:00', '11:30', '14:30']);
  });

  it('when the earliest start is a few seconds past a slot, then that slot is not free (no rounding down)', () => {
    expect(freeTimes(schedule, '2030-03-04', new Set(), new Date('2030-03-04T09:30:00Z'))[0]).toBe('09:30');
    expect(freeTimes(schedule, '2030-03-04', new Set(), new Date('2030-03-04T09:30:30Z'))[0]).toBe('11:00');
  });
});

describe('the schedule body', () => {
  it('when valid, then weekdays left out become days off', async () => {
    const parsed = await doctorScheduleSchema.validate({ weekly: { mon: [{ from: '09:00', to: '10:00' }] }, slotMinutes: 30 });
    expect(parsed.weekly.sun).toEqual([]);
    expect(parsed.timeOff).toEqual([]);
  });
});

describe('reschedulingTerms', () => {
  const a = { appointmentStatus: 'Pending', requestedDay: '2030-03-04', requestedTime: '10:00', rescheduleCount: 0 };
  it('when 12 hours or more ahead and moved fewer than twice, then allowed; else the rule that says no', () => {
    expect(reschedulingTerms(a, new Date('2030-03-03T22:00:00Z'))).toEqual({ allowed: true });
    expect(reschedulingTerms(a, new Date('2030-03-03T22:00:01Z'))).toEqual({ allowed: false, reason: RESCHEDULE_TOO_LATE });
    expect(reschedulingTerms({ ...a, rescheduleCount: 2 }, new Date('2030-03-01T00:00:00Z'))).toEqual({
      allowed: false,
      reason: RESCHEDULE_LIMIT_REACHED,
    });
    expect(reschedulingTerms({ ...a, appointmentStatus: 'Completed' }, new Date('2030-03-01T00:00:00Z'))).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/This appointment is Completed/),
    });
  });
});
