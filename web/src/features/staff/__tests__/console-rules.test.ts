import { APPOINTMENT_STATES, STAFF_ACTIONS, nextState } from '@api/staff';
import { barHeight, niceMax, summarise, ticks } from '@/features/staff/chart-scale';
import { staffClaimsOf } from '@/features/staff/claims';
import { auditActionText, auditTargetOf } from '@/features/staff/audit-words';
import { addDays, isDay } from '@/features/staff/days';
import { offeredActions, stateName } from '@/features/staff/lifecycle';
import { homeOf, mayOpen, sectionsFor } from '@/features/staff/nav';

describe('actions offered for an appointment', () => {
  it.each([
    ['Pending', ['accept', 'decline', 'cancel']],
    ['Accepted', ['check-in', 'no-show', 'cancel']],
    ['CheckedIn', ['complete']],
    ['Declined', []],
    ['Cancelled', []],
    ['Expired', []],
    ['NoShow', []],
    ['Completed', []],
  ])('when it is %s, then the console offers %j', (state, expected) => {
    expect(offeredActions(state)).toEqual(expected);
  });

  it('when any state of a home visit is shown, then the console offers exactly the actions the lifecycle allows from it', () => {
    for (const state of APPOINTMENT_STATES) {
      const allowed = STAFF_ACTIONS.filter((a) => nextState(state, a) !== undefined);
      expect([...offeredActions(state, { atHome: true })].sort()).toEqual([...allowed].sort());
    }
  });

  it('when a home visit is Accepted or on its way, then On the way and Arrived (check-in) are offered; never for a visit elsewhere', () => {
    expect(offeredActions('Accepted', { atHome: true })).toEqual(['on-the-way', 'check-in', 'no-show', 'cancel']);
    expect(offeredActions('OnTheWay', { atHome: true })).toEqual(['check-in', 'no-show', 'cancel']);
    expect(offeredActions('Accepted', { atHome: false })).not.toContain('on-the-way');
  });

  it('when a nurse looks at her visit, then only its steps are offered: accepting, declining and cancelling are the desk’s', () => {
    expect(offeredActions('Pending', { role: 'nurse', atHome: true })).toEqual([]);
    expect(offeredActions('Accepted', { role: 'nurse', atHome: true })).toEqual(['on-the-way', 'check-in', 'no-show']);
    expect(offeredActions('CheckedIn', { role: 'nurse', atHome: true })).toEqual(['complete']);
  });

  it('when the state is unknown, then nothing is offered', () => {
    expect(offeredActions('Teleported')).toEqual([]);
  });
});

describe('state names', () => {
  it('when a state runs words together, then the console names it as people write it; others stay as they are', () => {
    expect(APPOINTMENT_STATES.map(stateName)).toEqual([
      'Pending',
      'Accepted',
      'Declined',
      'Cancelled',
      'Expired',
      'On the way',
      'Checked in',
      'No-show',
      'Completed',
    ]);
  });
});

describe('chart scale', () => {
  it.each([
    [0, 4],
    [1, 4],
    [3, 4],
    [7, 8],
    [12, 20],
    [45, 80],
    [51, 80],
    [1234, 2000],
    [0.3, 4],
  ])('when the largest value is %d, then the axis tops at %d', (max, top) => {
    expect(niceMax(max)).toBe(top);
    // Every gridline is a whole number (counts and cedis), and the top reaches the largest value.
    expect(ticks(niceMax(max)).every(Number.isInteger)).toBe(true);
    expect(niceMax(max)).toBeGreaterThanOrEqual(max);
  });

  it('when the axis tops at 20, then the gridlines are 0, 5, 10, 15, 20', () => {
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
  });

  it('when a bar is drawn, then its height is its share of the axis and a small non-zero value stays visible', () => {
    expect(barHeight(10, 20, 200)).toBe(100);
    expect(barHeight(20, 20, 200)).toBe(200);
    expect(barHeight(0, 20, 200)).toBe(0);
    expect(barHeight(0.01, 20, 200)).toBe(1);
    expect(barHeight(50, 20, 200)).toBe(200);
  });

  it('when a chart is summed up, then the sentence gives the total and the peak', () => {
    const points = [
      { label: '1 Nov', value: 2 },
      { label: '2 Nov', value: 5 },
      { label: '3 Nov', value: 1 },
    ];
    expect(summarise(points, String)).toBe('8 in all; the most was 5 (2 Nov).');
    expect(summarise([{ label: 'a', value: 0 }], String)).toBe('None in the 1 periods shown.');
  });
});

describe('days', () => {
  it('when stepping across a month and a year end, then the day is right', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('when the address holds a day, then only a real yyyy-MM-dd is taken', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('tomorrow')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('who sees what', () => {
  it('when a doctor signs in, then only Appointments, their visits and their Schedule are in the navigation and other sections are closed', () => {
    expect(sectionsFor('doctor').map((s) => s.label)).toEqual(['Appointments', 'My visits', 'Schedule']);
    expect(homeOf('doctor')).toBe('/staff/appointments');
    expect(mayOpen('doctor', '/staff/capacity')).toBe(false);
    expect(mayOpen('doctor', '/staff/appointments/abc')).toBe(true);
    expect(mayOpen('doctor', '/staff')).toBe(false);
    expect(mayOpen('doctor', '/staff/refunds')).toBe(false);
    // A patient's medical record opens from their appointment (the API allows a doctor their own patients only).
    expect(mayOpen('doctor', '/staff/records/p1')).toBe(true);
    expect(mayOpen('doctor', '/staff/patients/p1')).toBe(false);
  });
  it('when staff sign in, then admin-only sections are hidden and closed', () => {
    expect(sectionsFor('staff').map((s) => s.label)).not.toContain('Staff & roles');
    expect(sectionsFor('staff').map((s) => s.label)).not.toContain('Audit log');
    expect(mayOpen('staff', '/staff/roles')).toBe(false);
    expect(mayOpen('staff', '/staff/schedule')).toBe(false);
    expect(mayOpen('staff', '/staff/patients/p1')).toBe(true);
  });
  it('when an admin signs in, then every section is there but the clinicians’ own visits; the day sheet opens from Appointments', () => {
    expect(sectionsFor('admin').map((s) => s.label)).toEqual([
      'Overview',
      'Appointments',
      'Book for a patient',
      'Needs rebooking',
      'Inbox',
      'Orders',
      'Refunds',
      'Call-backs',
      'Patients',
      'Schedule',
      'Closures',
      'Capacity',
      'Staff & roles',
      'Audit log',
    ]);
    expect(mayOpen('admin', '/staff/audit')).toBe(true);
    expect(mayOpen('admin', '/staff/day-sheet')).toBe(true);
  });
  it('when a nurse signs in, then her day is her visits; the desk’s and admin’s sections are closed', () => {
    expect(sectionsFor('nurse').map((s) => s.label)).toEqual(['Appointments', 'My visits']);
    expect(homeOf('nurse')).toBe('/staff/visits');
    expect(mayOpen('nurse', '/staff/appointments/abc')).toBe(true);
    for (const path of ['/staff', '/staff/book', '/staff/day-sheet', '/staff/rebooking', '/staff/closures', '/staff/schedule'])
      expect(mayOpen('nurse', path)).toBe(false);
  });
  it('when staff (the desk) sign in, then they book, rebook and print day sheets but set no closures', () => {
    expect(sectionsFor('staff').map((s) => s.label)).toEqual(expect.arrayContaining(['Book for a patient', 'Needs rebooking']));
    expect(mayOpen('staff', '/staff/day-sheet')).toBe(true);
    expect(mayOpen('staff', '/staff/closures')).toBe(false);
    expect(mayOpen('staff', '/staff/visits')).toBe(false);
  });
  it('when a token carries claims, then only a known role counts', () => {
    expect(staffClaimsOf({ role: 'doctor', doctorId: 'd1' })).toEqual({ role: 'doctor', doctorId: 'd1' });
    expect(staffClaimsOf({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(staffClaimsOf({ role: 'superuser' })).toBeUndefined();
    expect(staffClaimsOf({})).toBeUndefined();
  });
});

describe('the audit log in words', () => {
  it('names actions and records as people say them, with a link where the console shows the record', () => {
    expect(auditActionText('appointment.check-in')).toBe('Checked a patient in');
    expect(auditActionText('role.grant.doctor')).toBe('Gave the Doctor role');
    expect(auditActionText('visit.mode.audio')).toBe('Switched a visit to sound only');
    expect(auditActionText('something.new')).toBe('something.new');
    expect(auditTargetOf('appointments/abcdefghijkl')).toEqual({
      text: 'Appointment abcdefgh',
      to: '/staff/appointments/abcdefghijkl',
    });
    expect(auditTargetOf('patients/uid-1', 'ama@example.com')).toEqual({
      text: 'Patient ama@example.com',
      to: '/staff/patients/uid-1',
    });
    expect(auditTargetOf('users/uid-2', 'kofi@example.com')).toEqual({ text: 'kofi@example.com' });
    expect(auditTargetOf('patients/erased')).toEqual({ text: 'An erased account' });
    // A list or search names the collection it read, with no link to a record that is not one.
    expect(auditTargetOf('appointments')).toEqual({ text: 'Appointments' });
    expect(auditActionText('appointment.list')).toBe('Listed appointments');
  });
});
