/**
 * What the visit page shows, as a pure function of what the server said (GET, join, the live
 * visits/{id} record) and what happened in this browser (checked the camera, joined, hung
 * up), and what it says aloud when that changes (the page's live region). The page dispatches
 * events; `screenOf` picks the screen. Tests feed it the API's own answer types.
 */
import type { Visit, VisitJoinAnswer, VisitRole, VisitView } from '@api/visits';

export interface VisitPageState {
  /** What this browser has done so far. */
  step: 'loading' | 'check' | 'joining' | 'joined' | 'left';
  /** The page had joined before a reload: join again without the check. */
  rejoin: boolean;
  view?: VisitView;
  /** join's answer: the caller's role, the other side's name, the ICE servers. */
  joined?: VisitJoinAnswer;
  /** The record as last seen (join's answer, then the live document). */
  visit?: Visit;
  /** A refusal to show instead of the room (the API's msg). */
  refusal?: string;
  /** The refusal came after this person had access (their role at the clinic was removed or changed). */
  lostAccess?: boolean;
  /** A failure the person may retry (no connection, the camera): shown on the check. */
  error?: string;
  signedOut?: boolean;
  /** The call's connection as the browser reports it ('new' before one exists). */
  connection: RTCPeerConnectionState;
  /** Video is off for the rest of the call (chosen, started so, or a weak link). */
  audioOnly: boolean;
  /** The last thing said in the live region (screen readers read it as it changes). */
  announcement: string;
  /** Said about the call and shown under the pictures too (video dropped, and why). */
  notice?: string;
}

export type VisitEvent =
  | { type: 'signed-out' }
  | { type: 'viewed'; view: VisitView; rejoin: boolean }
  | { type: 'refused'; message: string; lostAccess?: boolean }
  | { type: 'failed'; message: string }
  | { type: 'joining'; audioOnly: boolean }
  | { type: 'joined'; answer: VisitJoinAnswer }
  | { type: 'visit'; visit: Visit }
  | { type: 'connection'; state: RTCPeerConnectionState }
  /** Video is off for the rest of the call; `notice` says why when it was not this person's choice of the moment. */
  | { type: 'audio-only'; notice?: string }
  | { type: 'say'; text: string }
  | { type: 'left' }
  | { type: 'rejoin' };

export const initialState: VisitPageState = {
  step: 'loading',
  rejoin: false,
  connection: 'new',
  audioOnly: false,
  announcement: '',
};

function step(state: VisitPageState, event: VisitEvent): VisitPageState {
  switch (event.type) {
    case 'signed-out':
      return { ...state, signedOut: true };
    case 'viewed': {
      const { view } = event;
      const refusal = view.role !== 'staff' && !view.joinable ? (view.refusal?.msg ?? 'This visit is not open.') : undefined;
      // A reload of a page that had joined goes straight back in (the camera permission is kept).
      const rejoin = !refusal && view.role !== 'staff' && event.rejoin;
      const next = view.role === 'staff' || refusal ? 'loading' : rejoin ? 'joining' : 'check';
      return { ...state, view, visit: view.visit ?? undefined, refusal, rejoin, step: next };
    }
    case 'refused':
      return { ...state, step: 'loading', rejoin: false, refusal: event.message, lostAccess: event.lostAccess };
    case 'failed':
      return { ...state, step: 'check', rejoin: false, error: event.message };
    case 'joining':
      return { ...state, step: 'joining', rejoin: false, error: undefined, audioOnly: state.audioOnly || event.audioOnly };
    case 'joined':
      return { ...state, step: 'joined', joined: event.answer, visit: newer(state.visit, event.answer.visit) };
    case 'visit':
      return { ...state, visit: newer(state.visit, event.visit) };
    case 'connection':
      return { ...state, connection: event.state };
    case 'audio-only':
      if (state.audioOnly && !event.notice) return state;
      return event.notice
        ? { ...state, audioOnly: true, notice: event.notice, announcement: event.notice }
        : { ...state, audioOnly: true };
    case 'say':
      return { ...state, announcement: event.text };
    case 'left':
      return { ...state, step: 'left', connection: 'closed', notice: undefined };
    case 'rejoin':
      return { ...state, step: 'check', connection: 'new', audioOnly: false };
  }
}

/** The live document can arrive before join's answer: an Ended record is never replaced by an older open one. */
const newer = (seen: Visit | undefined, next: Visit): Visit => (seen?.state === 'Ended' && next.state !== 'Ended' ? seen : next);

/** Applies an event; when the screen changes, the live region says what happened. */
export function reduce(state: VisitPageState, event: VisitEvent): VisitPageState {
  const next = step(state, event);
  const [before, after] = [screenOf(state), screenOf(next)];
  if (before.name === after.name && !(after.name === 'host-room' && before.name === 'host-room' && !before.waitingSince))
    return next;
  const said = announcementFor(before, after, roleOf(next), peerNameOf(next));
  return said ? { ...next, announcement: said } : next;
}

export type Screen =
  | { name: 'loading' }
  | { name: 'signed-out' }
  /** Not now, not yours, or no longer: the API's reason in its words. */
  | { name: 'refused'; message: string; lostAccess?: boolean }
  /** Not open yet, a normal state: when it opens (the API's words, e.g. 'The visit opens at 09:45 on Fri 27 Nov.'). */
  | { name: 'not-open'; message: string; opensAt: string }
  /** Admin and staff: the room's state, read only. */
  | { name: 'staff'; visit: Visit | null }
  | { name: 'check'; role: VisitRole; error?: string }
  | { name: 'joining' }
  /** The patient in the waiting room. */
  | { name: 'waiting' }
  /** The host before admitting: the patient waits (since when), or has not come yet. */
  | { name: 'host-room'; waitingSince?: string }
  | { name: 'call' }
  /** The visit goes on by phone: the host calls the patient. */
  | { name: 'phone' }
  | { name: 'left' }
  | { name: 'ended' };

/** The caller's side: join's answer, else GET's (a staff member reads as a patient would, but sees the staff screen). */
export const roleOf = (state: VisitPageState): VisitRole =>
  state.joined?.role ?? (state.view?.role === 'host' ? 'host' : 'patient');

/** The other side's name as the API gives it, or a plain stand-in before it has. */
export const peerNameOf = (state: VisitPageState): string =>
  state.joined?.peer.name ?? state.view?.peer?.name ?? (roleOf(state) === 'patient' ? 'Your doctor' : 'The patient');

const refused = (state: VisitPageState): Screen =>
  state.lostAccess
    ? { name: 'refused', message: state.refusal!, lostAccess: true }
    : { name: 'refused', message: state.refusal! };

export function screenOf(state: VisitPageState): Screen {
  const { view, visit } = state;
  if (state.signedOut) return { name: 'signed-out' };
  if (!view) return state.refusal ? refused(state) : { name: 'loading' };
  if (view.role === 'staff') return { name: 'staff', visit: visit ?? null };
  if (visit?.state === 'Ended' && (state.step === 'joined' || state.step === 'left')) return { name: 'ended' };
  switch (state.step) {
    case 'loading':
      if (state.refusal && view.refusal?.reason === 'too-early')
        return { name: 'not-open', message: state.refusal, opensAt: view.opensAt };
      return state.refusal ? refused(state) : { name: 'loading' };
    case 'check':
      return { name: 'check', role: roleOf(state), error: state.error };
    case 'joining':
      return { name: 'joining' };
    case 'left':
      return { name: 'left' };
    case 'joined':
      break;
  }
  if (!visit) return { name: 'joining' };
  if (visit.mode === 'phone') return { name: 'phone' };
  if (visit.state === 'InCall') return { name: 'call' };
  return roleOf(state) === 'patient' ? { name: 'waiting' } : { name: 'host-room', waitingSince: visit.waitingSince };
}

/** What the live region says when the screen changes (nothing for the quiet changes). */
function announcementFor(before: Screen, after: Screen, role: VisitRole, peer: string): string | undefined {
  switch (after.name) {
    case 'waiting':
      return `${peer} knows you are here.`;
    case 'host-room':
      return after.waitingSince ? `${peer} is waiting.` : undefined;
    case 'call':
      return role === 'patient' && before.name === 'waiting'
        ? `${peer} admitted you. The call is starting.`
        : 'The call is starting.';
    case 'phone':
      return role === 'host' ? 'The visit goes on by phone.' : `${peer} will call you on your phone.`;
    case 'ended':
      return 'The visit has ended.';
    case 'refused':
      return after.lostAccess ? `You no longer have access to this visit. ${after.message}` : after.message;
    case 'not-open':
      return after.message;
    default:
      return undefined;
  }
}
