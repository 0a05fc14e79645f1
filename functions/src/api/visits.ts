/**
 * The video visit (docs/visits.md): which appointments have a room and when it is open, the
 * `visits/{appointmentId}` record the server keeps, the answers and requests of
 * `/api/visits/{appointmentId}/...`, and the documents the two browsers write to Firestore
 * for signalling and chat (firestore.rules checks the same shapes). Imports only siblings:
 * the site bundles it too.
 */
import { formatDate } from './format';
import { appointmentStartsAt } from './policy';
import { SERVICE_ID } from './service-catalog';

// --- which appointments, and when ---

/** The room opens this long before the appointment's start ... */
export const VISIT_OPENS_BEFORE_MINUTES = 15;
/** ... and closes this long after its slot ends (or when the visit is completed). */
export const VISIT_CLOSES_AFTER_MINUTES = 60;
/** The slot's length when the doctor's schedule does not say (dietary visits have no doctor). */
export const DEFAULT_VISIT_SLOT_MINUTES = 30;

/** Service 1 (Virtual Consultation) and service 5 (Dietary) in its VIRTUAL mode are held as video visits. */
export const isVirtualVisit = (a: { requestedServiceId: number; requestedServiceOption: string | null }): boolean =>
  a.requestedServiceId === SERVICE_ID.virtualConsultation ||
  (a.requestedServiceId === SERVICE_ID.dietary && a.requestedServiceOption === 'VIRTUAL');

/**
 * The appointment states in which a room can be open. Any change away from them (completed,
 * cancelled by the patient or the clinic, declined, a no-show) ends the room.
 */
export const ROOM_STATES: readonly string[] = ['Accepted', 'CheckedIn'];

/** How a room ended: the appointment's state that ended it. */
export type VisitEndedAs = 'Completed' | 'Cancelled' | 'Declined' | 'NoShow';

const MINUTE_MS = 60_000;

/** When the room opens and closes: from VISIT_OPENS_BEFORE_MINUTES before the start to VISIT_CLOSES_AFTER_MINUTES after the slot. */
export function visitWindow(
  a: { requestedDay: string; requestedTime: string | null },
  slotMinutes: number = DEFAULT_VISIT_SLOT_MINUTES,
): { opensAt: Date; closesAt: Date } {
  const start = appointmentStartsAt(a).getTime();
  return {
    opensAt: new Date(start - VISIT_OPENS_BEFORE_MINUTES * MINUTE_MS),
    closesAt: new Date(start + (slotMinutes + VISIT_CLOSES_AFTER_MINUTES) * MINUTE_MS),
  };
}

/** '09:45 on Fri 27 Nov 2026' in Ghana time (UTC all year): the day in the one date style (api/format.ts). */
export function visitMoment(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return `${date.toISOString().slice(11, 16)} on ${formatDate(date)}`;
}

// --- the record: visits/{appointmentId}, written by the server only ---

/**
 * Open: the room exists, nobody waits (the host is in, or the patient left the waiting room).
 * Waiting: the patient is in the waiting room. InCall: the host admitted them (or is calling
 * them by phone). Ended: the visit was completed (or the appointment cancelled or a no-show).
 */
export const VISIT_STATES = ['Open', 'Waiting', 'InCall', 'Ended'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

export const VISIT_MODES = ['video', 'audio', 'phone'] as const;
export type VisitMode = (typeof VISIT_MODES)[number];

/** The patient (appointment.patientId) or the host (the appointment's doctor, or the doctor staff assigned). */
export type VisitRole = 'patient' | 'host';

/** Someone joined or left, and when. */
export interface VisitEvent {
  uid: string;
  role: VisitRole;
  at: string;
}

/** A change of mode, by whom and when. */
export interface VisitModeChange extends VisitEvent {
  mode: VisitMode;
}

/**
 * `visits/{appointmentId}`, as the API answers it (times ISO; in Firestore they are
 * Timestamps, which is what a browser listening to the document sees). Both participants may
 * read it; nobody but the server writes it.
 */
export interface Visit {
  appointmentId: string;
  patientId: string;
  hostUid: string;
  /** The appointment's doctor; absent for a visit without one (dietary), hosted by the doctor staff assigned. */
  doctorId?: string;
  /**
   * [patientId, hostUid]: who the rules let in. [patientId] alone once the host's role was
   * removed or changed (hostUid then says who hosted until then); staff assigning another
   * doctor puts them in the old one's place.
   */
  participants: string[];
  opensAt: string;
  closesAt: string;
  state: VisitState;
  /** The current mode; 'phone' once either side chose the phone (the visit is then recorded as held by phone). */
  mode: VisitMode;
  joined: VisitEvent[];
  left: VisitEvent[];
  modeHistory: VisitModeChange[];
  /** True once the visit was held (or continued) by phone. */
  heldByPhone?: boolean;
  /** While state is Waiting: since when the patient waits. */
  waitingSince?: string;
  admittedAt?: string;
  /** When the call began: the first admit, or the host's switch to the phone. */
  startedAt?: string;
  endedAt?: string;
  /** From startedAt to endedAt; absent when the visit never started. */
  durationSeconds?: number;
  /** Whose action ended it: the staff member's (complete, cancel, no-show) or the patient's (cancel). */
  endedBy?: string;
  /** The appointment's state that ended it: Completed, or Cancelled, Declined, NoShow (the visit did not take place). */
  endedAs?: VisitEndedAs;
}

/**
 * How long the call was held in each mode, in seconds, from its start (`startedAt`) to its end
 * (or `now` while it goes on). The record keeps the changes (`modeHistory`), so a visit held by
 * video for 20 minutes and switched to audio only for the last 2 is told as mostly video, not
 * as the mode it ended in. The mode at the start is the last change made before it (an
 * audio-only start), else video. Empty before the call started.
 */
export function modeDurations(visit: Visit, now: Date = new Date()): Partial<Record<VisitMode, number>> {
  if (!visit.startedAt) return {};
  const start = Date.parse(visit.startedAt);
  const end = visit.endedAt ? Date.parse(visit.endedAt) : now.getTime();
  const changes = [...visit.modeHistory].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let mode: VisitMode = changes.filter((c) => Date.parse(c.at) <= start).at(-1)?.mode ?? 'video';
  let from = start;
  const spans: Partial<Record<VisitMode, number>> = {};
  const close = (until: number) => {
    if (until > from) spans[mode] = (spans[mode] ?? 0) + (until - from) / 1000;
    from = Math.max(from, until);
  };
  for (const change of changes.filter((c) => Date.parse(c.at) > start && Date.parse(c.at) < end)) {
    close(Date.parse(change.at));
    mode = change.mode;
  }
  close(end);
  return spans;
}

/** What most of the visit was, by time (the mode it is in now before the call started). */
export function mainMode(visit: Visit, now: Date = new Date()): VisitMode {
  const spans = Object.entries(modeDurations(visit, now)) as [VisitMode, number][];
  return spans.length ? spans.reduce((most, span) => (span[1] > most[1] ? span : most))[0] : visit.mode;
}

// --- the API: /api/visits/{appointmentId}/... ---

/** An RTCIceServer: STUN and TURN servers from configuration; TURN with credentials minted for this join, expiring when the room closes. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** POST /api/visits/{appointmentId}/join (either participant): the room, how to reach the peer, and who the caller is in it. */
export interface VisitJoinAnswer {
  visit: Visit;
  /** STUN and TURN servers as configured ([] with none); locally the stack's coturn (docs/visits.md). */
  iceServers: IceServer[];
  role: VisitRole;
  /** The other side, as the caller should see them: 'Dr Kwame Mensah' for the patient, the patient's name for the host. */
  peer: { name: string };
}

/** Why the room does not let someone in (409, `data.reason`), or why GET says it is not joinable now. */
export type VisitRefusalReason = 'not-virtual' | 'not-accepted' | 'unpaid' | 'no-host' | 'too-early' | 'closed' | 'ended';

/** `data` of join's (and admit's, mode's, leave's) 409: the reason, and the room's times where they apply. */
export interface VisitRefusal {
  reason: VisitRefusalReason;
  opensAt?: string;
  closesAt?: string;
}

/**
 * GET /api/visits/{appointmentId}: for the participants, and read-only for admin and staff.
 * 200 before anyone joined too (visit null), so the dashboard can say when it opens; 409 with
 * reason 'not-virtual' only for an appointment that has no video visit at all.
 */
export interface VisitView {
  /** null until someone joined. */
  visit: Visit | null;
  opensAt: string;
  closesAt: string;
  /** Whether join would let the caller's side in now; when not, why, in join's own words. */
  joinable: boolean;
  refusal?: { reason: VisitRefusalReason; msg: string };
  /** The caller's place: a participant's role, or 'staff' for admin and staff (read only). */
  role: VisitRole | 'staff';
  /** For the participants: the other side's name. */
  peer?: { name: string };
  /** For the host only, once the mode is 'phone': the number to call (a tel: link). */
  patientPhone?: string;
}

/** The sentence of each refusal (the API's msg, and what the page says). */
export function visitRefusalMessage(
  reason: VisitRefusalReason,
  /** stateLabel: the appointment's state as a sentence reads it (api/staff.ts STATE_LABEL), for 'not-accepted'. */
  about: { stateLabel?: string; opensAt?: Date | string; closesAt?: Date | string } = {},
): string {
  switch (reason) {
    case 'not-virtual':
      return 'This appointment is not a video visit.';
    case 'not-accepted':
      return about.stateLabel === 'Pending' || !about.stateLabel
        ? 'The clinic has not accepted this appointment yet: its visit opens once it is accepted.'
        : `This appointment is ${about.stateLabel}: it has no visit to join.`;
    case 'unpaid':
      return 'This appointment is not paid yet. Please pay for it in Appointments in your dashboard first.';
    case 'no-host':
      return 'Nobody has been assigned to host this visit yet. The clinic will contact you.';
    case 'too-early':
      return about.opensAt ? `The visit opens at ${visitMoment(about.opensAt)}.` : 'The visit is not open yet.';
    case 'closed':
      return about.closesAt ? `This visit closed at ${visitMoment(about.closesAt)}.` : 'This visit has closed.';
    case 'ended':
      return VISIT_ENDED;
  }
}

export const VISIT_ENDED = 'This visit has ended.';
/** 403 to admin and staff on join, admit, mode and leave. */
export const VISIT_STAFF_READ_ONLY = 'Staff see the state of a visit in the console: only the patient and the host join it.';
/** 403 to a doctor who is not the visit's host. */
export const VISIT_OTHER_HOST = "This visit is another doctor's.";
/** 409 on admit when nobody waits. */
export const VISIT_NOBODY_WAITING = 'The patient is not in the waiting room.';

/** POST /api/visits/{appointmentId}/mode. */
export interface VisitModeRequest {
  mode: VisitMode;
}
// Its schema is in visit-requests.ts: importing this module must not load yup into the site's pages.

/** POST .../mode answers the visit; to the host choosing (or seeing) 'phone', the patient's number too. */
export interface VisitModeAnswer {
  visit: Visit;
  patientPhone?: string;
}

/** POST .../admit (host) and .../leave (either) answer the visit. */
export interface VisitAnswer {
  visit: Visit;
}

/** What the staff day list (GET /api/staff/appointments) carries per virtual row: null state until the room was opened. */
export interface StaffVisitMark {
  state: VisitState | null;
  waitingSince?: string;
  mode?: VisitMode;
}

/** The site's page for both sides (also the link in the reminders). */
export const visitPagePath = (appointmentId: string) => `/visit/${appointmentId}`;

// --- what the browsers write to Firestore (firestore.rules checks each shape) ---

/** `visits/{appointmentId}` and its sub-collections. */
export const VISITS_COLLECTION = 'visits';
export const VISIT_SIGNALS = 'signals';
export const VISIT_CHAT = 'chat';
export const VISIT_PRESENCE = 'presence';
/** `visits/{id}/rate/{uid}-{signals|chat}`: each participant's count of writes of one kind in the current minute (VisitRate). */
export const VISIT_RATE = 'rate';

export const SIGNAL_TYPES = ['offer', 'answer', 'candidate', 'bye'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** An offer's or answer's SDP: at most this many characters. */
export const SIGNAL_SDP_MAX = 32_000;
/** An ICE candidate line: at most this many characters. */
export const SIGNAL_CANDIDATE_MAX = 2_000;
/** A chat message: 1 to this many characters. */
export const CHAT_TEXT_MAX = 500;
/** Signals are deleted by Firestore's TTL a day after they were sent (`expireAt`). */
export const SIGNAL_TTL_HOURS = 24;

/**
 * What one participant may write in a minute (firestore.rules holds the same numbers): enough
 * for a call's set-up (an offer or answer and a burst of ICE candidates), ICE restarts and a
 * reload, and for anyone typing; not for a flood.
 */
export const RATE_LIMITS = { signals: 120, chat: 30 } as const;
export type RatedKind = keyof typeof RATE_LIMITS;

/** The id of a participant's counter of one kind under `visits/{id}/rate`. */
export const rateDocId = (uid: string, kind: RatedKind) => `${uid}-${kind}`;

/** An RTCIceCandidateInit as stored (null where the browser gave none). */
export interface SignalCandidate {
  candidate: string;
  sdpMid: string | null;
  sdpMLineIndex: number | null;
  usernameFragment?: string | null;
}

/**
 * `visits/{id}/signals/{autoId}`, created with addDoc by a participant while the room is
 * open; never updated or deleted. `Time` is the SDK's Timestamp: `at` must be
 * serverTimestamp(), `expireAt` now + SIGNAL_TTL_HOURS (within two days of the server's time).
 * `sdp` only on offer and answer, `candidate` only on candidate; bye carries neither.
 */
export interface VisitSignal<Time = unknown> {
  from: string;
  type: SignalType;
  sdp?: string;
  candidate?: SignalCandidate;
  at: Time;
  expireAt: Time;
}

/** `visits/{id}/chat/{autoId}`: `from` the writer's uid, text 1..CHAT_TEXT_MAX, `at` serverTimestamp(); kept with the visit. */
export interface VisitChatMessage<Time = unknown> {
  from: string;
  text: string;
  at: Time;
}

/**
 * `visits/{id}/rate/{uid}-{kind}`: written in the same batch as each signal (kind 'signals') or
 * chat message ('chat') its participant creates, naming it in `last`. A window starts with
 * `start` serverTimestamp() and `count` 1 (allowed when there is none or it began a minute or
 * more ago); each further write adds 1 (`increment(1)`, `start` unchanged) up to
 * RATE_LIMITS[kind]. So at most that many writes of a kind fall in any window of a minute or more.
 */
export interface VisitRate<Time = unknown> {
  start: Time;
  count: number;
  /** The id of the signal or message written with this count. */
  last: string;
}

/** `visits/{id}/presence/{uid}`: written only by that participant, `seenAt` serverTimestamp(). */
export interface VisitPresence<Time = unknown> {
  seenAt: Time;
}

/**
 * What a visit costs a patient in mobile data (sent and received by one side, MB a minute),
 * measured by `npm run bench:visit` through the TURN relay as a data bundle counts it (transport
 * bytes plus IP and UDP headers) with the page's caps in place (docs/visits.md, "Data"): video
 * at most 300 kbit/s each way, Opus for speech in 60 ms packets (12 kbit/s under RED), no
 * per-packet feedback for audio. 27 Nov 2026: 1.82 and 0.19 MB sent a minute by each side.
 */
export const VISIT_DATA_MB_PER_MINUTE = { video: 3.76, audio: 0.49 } as const;
/** The visit the sentence speaks of (a doctor's slot is 15-30 minutes). */
export const VISIT_DATA_EXAMPLE_MINUTES = 15;

/** The one sentence the booking page and the reminders give about data, from the figures above. */
export function visitDataCost(): string {
  const minutes = VISIT_DATA_EXAMPLE_MINUTES;
  const video = Math.round((VISIT_DATA_MB_PER_MINUTE.video * minutes) / 5) * 5;
  const audio = Math.max(1, Math.round(VISIT_DATA_MB_PER_MINUTE.audio * minutes));
  return `A ${minutes}-minute video visit uses about ${video} MB of mobile data; audio only about ${audio} MB.`;
}
