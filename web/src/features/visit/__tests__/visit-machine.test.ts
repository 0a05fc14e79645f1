import type { Visit, VisitJoinAnswer, VisitView } from '@api/visits';
import { visitRefusalMessage } from '@api/visits';
import { initialState, peerNameOf, reduce, screenOf, type VisitEvent, type VisitPageState } from '@/features/visit/visit-machine';

// The API's own answer types, as GET, join and the live record give them.
const visit = (change: Partial<Visit> = {}): Visit => ({
  appointmentId: 'a1',
  patientId: 'patient-1',
  hostUid: 'host-1',
  doctorId: 'dr-mensah',
  participants: ['patient-1', 'host-1'],
  opensAt: '2026-11-27T08:45:00.000Z',
  closesAt: '2026-11-27T10:30:00.000Z',
  state: 'Waiting',
  mode: 'video',
  joined: [{ uid: 'patient-1', role: 'patient', at: '2026-11-27T08:50:00.000Z' }],
  left: [],
  modeHistory: [],
  waitingSince: '2026-11-27T08:50:00.000Z',
  ...change,
});

const view = (change: Partial<VisitView> = {}): VisitView => ({
  visit: null,
  opensAt: '2026-11-27T08:45:00.000Z',
  closesAt: '2026-11-27T10:30:00.000Z',
  joinable: true,
  role: 'patient',
  peer: { name: 'Dr Kwame Mensah' },
  ...change,
});

const joinAnswer = (change: Partial<VisitJoinAnswer> = {}): VisitJoinAnswer => ({
  visit: visit(),
  iceServers: [],
  role: 'patient',
  peer: { name: 'Dr Kwame Mensah' },
  ...change,
});

const run = (...events: VisitEvent[]): VisitPageState => events.reduce(reduce, initialState);

describe("the visit page's screens", () => {
  it('when GET says the room is joinable, then the patient sees the pre-call check', () => {
    expect(screenOf(run({ type: 'viewed', view: view(), rejoin: false }))).toEqual({
      name: 'check',
      role: 'patient',
      error: undefined,
    });
  });

  it("when GET says it is too early, then the page shows a not-open-yet notice (not a refusal) in the API's own sentence, which says when it opens", () => {
    const msg = visitRefusalMessage('too-early', { opensAt: '2026-11-27T08:45:00.000Z' });
    const state = run({ type: 'viewed', view: view({ joinable: false, refusal: { reason: 'too-early', msg } }), rejoin: false });
    expect(screenOf(state)).toEqual({
      name: 'not-open',
      message: 'The visit opens at 08:45 on Fri 27 Nov 2026.',
      opensAt: '2026-11-27T08:45:00.000Z',
    });
    expect(state.announcement).toBe('The visit opens at 08:45 on Fri 27 Nov 2026.');
  });

  it('when join answers, then the patient waits and hears the host knows; admitted, the call starts and they hear it', () => {
    const waiting = run(
      { type: 'viewed', view: view(), rejoin: false },
      { type: 'joining', audioOnly: false },
      { type: 'joined', answer: joinAnswer() },
    );
    expect(screenOf(waiting)).toEqual({ name: 'waiting' });
    expect(waiting.announcement).toBe('Dr Kwame Mensah knows you are here.');

    const admitted = reduce(waiting, {
      type: 'visit',
      visit: visit({ state: 'InCall', admittedAt: '2026-11-27T08:52:00.000Z' }),
    });
    expect(screenOf(admitted)).toEqual({ name: 'call' });
    expect(admitted.announcement).toBe('Dr Kwame Mensah admitted you. The call is starting.');
  });

  it('when the host joins before the patient, then the room says nobody waits; when the patient arrives, the host hears it with since when', () => {
    const hostView = view({ role: 'host', peer: { name: 'Ama Owusu' } });
    const alone = run(
      { type: 'viewed', view: hostView, rejoin: false },
      { type: 'joining', audioOnly: false },
      {
        type: 'joined',
        answer: joinAnswer({
          role: 'host',
          peer: { name: 'Ama Owusu' },
          visit: visit({ state: 'Open', waitingSince: undefined }),
        }),
      },
    );
    expect(screenOf(alone)).toEqual({ name: 'host-room', waitingSince: undefined });
    const arrived = reduce(alone, { type: 'visit', visit: visit() });
    expect(screenOf(arrived)).toEqual({ name: 'host-room', waitingSince: '2026-11-27T08:50:00.000Z' });
    expect(arrived.announcement).toBe('Ama Owusu is waiting.');
  });

  it('when a page that had joined is reloaded, then it goes straight to joining (no check) and back into the call', () => {
    const reloaded = run({ type: 'viewed', view: view({ visit: visit({ state: 'InCall' }) }), rejoin: true });
    expect(reloaded.rejoin).toBe(true);
    expect(screenOf(reloaded)).toEqual({ name: 'joining' });
    const back = run(
      { type: 'viewed', view: view({ visit: visit({ state: 'InCall' }) }), rejoin: true },
      { type: 'joining', audioOnly: false },
      { type: 'joined', answer: joinAnswer({ visit: visit({ state: 'InCall' }) }) },
    );
    expect(back.rejoin).toBe(false);
    expect(screenOf(back)).toEqual({ name: 'call' });
  });

  it("when either side chooses the phone, then both see the phone screen, whatever the room's state", () => {
    const waiting = run({ type: 'viewed', view: view(), rejoin: false }, { type: 'joined', answer: joinAnswer() });
    const byPhone = reduce(waiting, { type: 'visit', visit: visit({ mode: 'phone', heldByPhone: true }) });
    expect(screenOf(byPhone)).toEqual({ name: 'phone' });
    expect(byPhone.announcement).toBe('Dr Kwame Mensah will call you on your phone.');
  });

  it('when the record ends while in the call, then the page says so; an older open record arriving late does not bring the call back', () => {
    const inCall = run(
      { type: 'viewed', view: view(), rejoin: false },
      { type: 'joined', answer: joinAnswer({ visit: visit({ state: 'InCall' }) }) },
    );
    const ended = reduce(inCall, {
      type: 'visit',
      visit: visit({ state: 'Ended', endedAt: '2026-11-27T09:10:00.000Z', durationSeconds: 1080 }),
    });
    expect(screenOf(ended)).toEqual({ name: 'ended' });
    expect(ended.announcement).toBe('The visit has ended.');
    expect(screenOf(reduce(ended, { type: 'visit', visit: visit({ state: 'InCall' }) }))).toEqual({ name: 'ended' });
  });

  it("when the host's role is removed or changed during the call, then the call gives way to a card that says they no longer have access, in the API's words", () => {
    const inCall = run(
      { type: 'viewed', view: view({ role: 'host', peer: { name: 'Ama Mensah' } }), rejoin: false },
      { type: 'joining', audioOnly: false },
      { type: 'joined', answer: joinAnswer({ role: 'host', peer: { name: 'Ama Mensah' }, visit: visit({ state: 'InCall' }) }) },
    );
    expect(screenOf(inCall)).toEqual({ name: 'call' });
    const msg = 'Your role at the clinic has changed since you signed in. Please sign in again.';
    const lost = reduce(inCall, { type: 'refused', message: msg, lostAccess: true });
    expect(screenOf(lost)).toEqual({ name: 'refused', message: msg, lostAccess: true });
    expect(lost.announcement).toBe(`You no longer have access to this visit. ${msg}`);
  });

  it('when join is refused (409 ended), then the refusal replaces the check; when it merely failed, the check stays with the error', () => {
    const checking = run({ type: 'viewed', view: view(), rejoin: false }, { type: 'joining', audioOnly: false });
    expect(screenOf(reduce(checking, { type: 'refused', message: 'This visit has ended.' }))).toEqual({
      name: 'refused',
      message: 'This visit has ended.',
    });
    const failed = reduce(checking, {
      type: 'failed',
      message: 'We could not reach the server. Check your connection and try again.',
    });
    expect(screenOf(failed)).toEqual({
      name: 'check',
      role: 'patient',
      error: 'We could not reach the server. Check your connection and try again.',
    });
  });

  it('when admin or staff open the page, then they see the state only', () => {
    const state = run({
      type: 'viewed',
      view: view({ role: 'staff', joinable: false, peer: undefined, visit: visit() }),
      rejoin: true,
    });
    expect(screenOf(state)).toEqual({ name: 'staff', visit: visit() });
    expect(state.rejoin).toBe(false);
  });

  it('when the call goes audio only for a weak link, then the notice is shown and said once; hanging up and rejoining starts with video again', () => {
    const inCall = run(
      { type: 'viewed', view: view(), rejoin: false },
      { type: 'joined', answer: joinAnswer({ visit: visit({ state: 'InCall' }) }) },
    );
    const weak = reduce(inCall, {
      type: 'audio-only',
      notice: 'Your connection is weak, so your video is off and the call goes on with sound only.',
    });
    expect(weak).toMatchObject({
      audioOnly: true,
      notice: expect.stringMatching(/weak/),
      announcement: expect.stringMatching(/weak/),
    });
    expect(reduce(weak, { type: 'audio-only' })).toBe(weak);
    const left = reduce(weak, { type: 'left' });
    expect(screenOf(left)).toEqual({ name: 'left' });
    expect(reduce(left, { type: 'rejoin' })).toMatchObject({ step: 'check', audioOnly: false });
  });

  it("when nothing has named the other side yet, then a plain stand-in is used; join's name wins over GET's", () => {
    expect(peerNameOf(run({ type: 'viewed', view: view({ peer: undefined }), rejoin: false }))).toBe('Your doctor');
    expect(
      peerNameOf(
        run(
          { type: 'viewed', view: view(), rejoin: false },
          { type: 'joined', answer: joinAnswer({ peer: { name: 'Dr K. Mensah' } }) },
        ),
      ),
    ).toBe('Dr K. Mensah');
  });
});
