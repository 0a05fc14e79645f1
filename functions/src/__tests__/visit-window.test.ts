import { isVirtualVisit, visitMoment, visitRefusalMessage, visitWindow } from '../api/visits';

describe('the video visit window (api/visits.ts)', () => {
  it('opens 15 minutes before the start and closes 60 minutes after the slot (30 minutes unless the schedule says)', () => {
    const a = { requestedDay: '2026-11-27', requestedTime: '10:00' };
    expect(visitWindow(a)).toEqual({ opensAt: new Date('2026-11-27T09:45:00Z'), closesAt: new Date('2026-11-27T11:30:00Z') });
    expect(visitWindow(a, 45).closesAt).toEqual(new Date('2026-11-27T11:45:00Z'));
  });

  it('says when in Ghana time, as people read it', () => {
    expect(visitMoment('2026-11-27T09:45:00Z')).toBe('09:45 on Fri 27 Nov');
    expect(visitRefusalMessage('too-early', { opensAt: new Date('2026-11-27T09:45:00Z') })).toBe(
      'The visit opens at 09:45 on Fri 27 Nov.',
    );
  });

  it('service 1, and service 5 only in its VIRTUAL mode, are video visits', () => {
    expect(isVirtualVisit({ requestedServiceId: 1, requestedServiceOption: null })).toBe(true);
    expect(isVirtualVisit({ requestedServiceId: 5, requestedServiceOption: 'VIRTUAL' })).toBe(true);
    expect(isVirtualVisit({ requestedServiceId: 5, requestedServiceOption: 'HOME_VISIT' })).toBe(false);
    expect(isVirtualVisit({ requestedServiceId: 2, requestedServiceOption: null })).toBe(false);
  });
});
