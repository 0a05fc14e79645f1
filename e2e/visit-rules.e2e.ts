/**
 * firestore.rules for video visits (docs/visits.md), loaded by @firebase/rules-unit-testing into
 * the official Firestore emulator under a project of their own (demo-visit-rules), so the
 * stack's demo-healthcare keeps the rules it started with. Each browser below is the web SDK
 * with a token for one person: the patient, the host, another patient, another doctor, staff,
 * admin, or nobody signed in. The rooms are set up with rules disabled, as the API would write
 * them: open now, not open yet, closed, and ended.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { CHAT_TEXT_MAX, RATE_LIMITS, rateDocId, SIGNAL_TTL_HOURS, VISIT_RATE, type RatedKind } from '../functions/src/api/visits';
import { emulatorAddress } from './support/emulators';

const [host, port] = emulatorAddress('firestore').split(':');
const MINUTE = 60_000;

let env: RulesTestEnvironment;
setLogLevel('silent');

const PATIENT = 'patient-ama';
const HOST = 'doctor-mensah';
/** Everyone who is neither the patient nor the host, with the uid each would claim to be. */
const others: Record<string, { uid: string; context: () => RulesTestContext }> = {
  anotherPatient: { uid: 'patient-kofi', context: () => env.authenticatedContext('patient-kofi') },
  anotherDoctor: {
    uid: 'doctor-owusu',
    context: () => env.authenticatedContext('doctor-owusu', { role: 'doctor', doctorId: 'dr-owusu' }),
  },
  staff: { uid: 'staff-desk', context: () => env.authenticatedContext('staff-desk', { role: 'staff' }) },
  admin: { uid: 'admin-1', context: () => env.authenticatedContext('admin-1', { role: 'admin' }) },
  signedOut: { uid: 'nobody', context: () => env.unauthenticatedContext() },
};
const patient = () => env.authenticatedContext(PATIENT);
const doctor = () => env.authenticatedContext(HOST, { role: 'doctor', doctorId: 'dr-mensah' });
/** The doctor staff assigned in the host's place (a dietary visit reassigned). */
const NEW_HOST = 'doctor-addo';
const newHost = () => env.authenticatedContext(NEW_HOST, { role: 'doctor', doctorId: 'dr-addo' });

/**
 * A room as the API writes it, `opensIn` and `closesIn` minutes from now; `participants` as
 * the API leaves them (a host whose role was removed, or who was replaced, is taken out).
 */
async function room(
  id: string,
  opensIn: number,
  closesIn: number,
  state = 'InCall',
  { hostUid = HOST, participants = [PATIENT, HOST], doctorId = 'dr-mensah' as string | null } = {},
) {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), 'visits', id), {
      appointmentId: id,
      patientId: PATIENT,
      hostUid,
      ...(doctorId ? { doctorId } : {}),
      participants,
      opensAt: Timestamp.fromMillis(Date.now() + opensIn * MINUTE),
      closesAt: Timestamp.fromMillis(Date.now() + closesIn * MINUTE),
      state,
      mode: 'video',
      joined: [],
      left: [],
      modeHistory: [],
    });
  });
}

/** The staff roster's entry for `uid` (staffMembers, as the console or `npm run grant` writes it); null: none. */
async function roster(uid: string, entry: { role: string; doctorId?: string } | null) {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const ref = doc(ctx.firestore(), 'staffMembers', uid);
    await (entry ? setDoc(ref, { uid, email: `${uid}@example.com`, ...entry }) : deleteDoc(ref));
  });
}

const expireAt = () => Timestamp.fromMillis(Date.now() + SIGNAL_TTL_HOURS * 60 * MINUTE);
const offer = (from: string) => ({
  from,
  type: 'offer',
  sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n',
  at: serverTimestamp(),
  expireAt: expireAt(),
});
const candidate = (from: string) => ({
  from,
  type: 'candidate',
  candidate: {
    candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 54321 typ host',
    sdpMid: '0',
    sdpMLineIndex: 0,
    usernameFragment: 'abcd',
  },
  at: serverTimestamp(),
  expireAt: expireAt(),
});
const chat = (from: string, text = 'Can you hear me?') => ({ from, text, at: serverTimestamp() });

const signals = (ctx: RulesTestContext, id: string) => collection(ctx.firestore(), 'visits', id, 'signals');
const chats = (ctx: RulesTestContext, id: string) => collection(ctx.firestore(), 'visits', id, 'chat');
type Firestore = ReturnType<RulesTestContext['firestore']>;

/** What the store holds, read past the rules. */
async function stored<T>(read: (fs: Firestore) => Promise<T>): Promise<T> {
  let value: T | undefined;
  await env.withSecurityRulesDisabled(async (ctx) => {
    value = await read(ctx.firestore());
  });
  return value as T;
}
const counterOf = (fs: Firestore, id: string, uid: string, kind: RatedKind) =>
  doc(fs, 'visits', id, VISIT_RATE, rateDocId(uid, kind));

/**
 * Creates signals or chat messages as the visit page does (web/src/features/visit/signalling.ts,
 * RatedWriter): each in one batch with the writer's counter, which starts a window when there
 * is none or it is full and otherwise goes up by one; the count is read once and kept here,
 * and the writes go one after another in the order asked for.
 */
class PageWriter {
  private count: number | undefined;
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();
  readonly fs: Firestore;

  constructor(
    ctx: RulesTestContext,
    private readonly uid: string,
    private readonly id: string,
    private readonly kind: RatedKind,
  ) {
    this.fs = ctx.firestore();
  }

  write(data: object): Promise<void> {
    const written = this.queue.then(() => this.commit(data));
    this.queue = written.catch(() => undefined);
    return written;
  }

  private async commit(data: object): Promise<void> {
    if (!this.loaded) {
      // Another person's counter is unreadable: as if there were none.
      const snap = await getDoc(counterOf(this.fs, this.id, this.uid, this.kind)).catch(() => undefined);
      this.count = snap?.exists() ? Number(snap.get('count')) : undefined;
      this.loaded = true;
    }
    const target = doc(collection(this.fs, 'visits', this.id, this.kind));
    const fresh = this.count === undefined || this.count >= RATE_LIMITS[this.kind];
    this.count = fresh ? 1 : this.count! + 1;
    const batch = writeBatch(this.fs);
    const counter = counterOf(this.fs, this.id, this.uid, this.kind);
    if (fresh) batch.set(counter, { start: serverTimestamp(), count: 1, last: target.id });
    else batch.set(counter, { count: increment(1), last: target.id }, { merge: true });
    batch.set(target, data);
    await batch.commit();
  }
}

/** One signal or message, written as the page writes it. */
const send = (ctx: RulesTestContext, uid: string, id: string, kind: RatedKind, data: object) =>
  new PageWriter(ctx, uid, id, kind).write(data);

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-visit-rules',
    firestore: { host, port: Number(port), rules: readFileSync(join(__dirname, '..', 'firestore.rules'), 'utf8') },
  });
  await env.clearFirestore();
  await roster(HOST, { role: 'doctor', doctorId: 'dr-mensah' });
  await roster(NEW_HOST, { role: 'doctor', doctorId: 'dr-addo' });
  await room('open', -10, 60);
  await room('early', 60, 150, 'Open');
  await room('closed', -150, -1);
  await room('ended', -10, 60, 'Ended');
  for (const id of ['setup', 'burst', 'window', 'cheat']) await room(id, -10, 60);
  // As the API leaves a room whose host's role was removed, and one whose host staff replaced.
  await room('revoked', -10, 60, 'InCall', { participants: [PATIENT] });
  // A dietary visit (no doctorId) that staff assigned to another doctor.
  await room('reassigned', -10, 60, 'InCall', { hostUid: NEW_HOST, participants: [PATIENT, NEW_HOST], doctorId: null });
  // Hosted by another account of Dr Mensah, whose role `npm run grant` then changes: still in participants.
  for (const id of ['regranted-nurse', 'regranted-doctor', 'regranted-none'])
    await room(id, -10, 60, 'InCall', { hostUid: `${id}-host`, participants: [PATIENT, `${id}-host`] });
});

afterAll(async () => {
  await env?.cleanup();
});

describe('visits/{id}: the record', () => {
  it('the patient and the host read it; nobody else does', async () => {
    await assertSucceeds(getDoc(doc(patient().firestore(), 'visits', 'open')));
    await assertSucceeds(getDoc(doc(doctor().firestore(), 'visits', 'open')));
    for (const { context } of Object.values(others)) await assertFails(getDoc(doc(context().firestore(), 'visits', 'open')));
  });

  it('no browser writes it, its participants included', async () => {
    for (const who of [patient, doctor, ...Object.values(others).map((o) => o.context)]) {
      const ref = doc(who().firestore(), 'visits', 'open');
      await assertFails(updateDoc(ref, { state: 'Ended' }));
      await assertFails(setDoc(doc(who().firestore(), 'visits', 'new-room'), { participants: [PATIENT, HOST] }));
      await assertFails(deleteDoc(ref));
    }
  });
});

describe('signals and chat while the room is open', () => {
  it('the patient and the host create and read them', async () => {
    for (const [who, uid] of [
      [patient, PATIENT],
      [doctor, HOST],
    ] as const) {
      await assertSucceeds(send(who(), uid, 'open', 'signals', offer(uid)));
      await assertSucceeds(send(who(), uid, 'open', 'signals', candidate(uid)));
      await assertSucceeds(
        send(who(), uid, 'open', 'signals', { from: uid, type: 'bye', at: serverTimestamp(), expireAt: expireAt() }),
      );
      await assertSucceeds(send(who(), uid, 'open', 'chat', chat(uid)));
      await assertSucceeds(send(who(), uid, 'open', 'chat', chat(uid, 'x'.repeat(CHAT_TEXT_MAX))));
      await assertSucceeds(getDocs(signals(who(), 'open')));
      await assertSucceeds(getDocs(chats(who(), 'open')));
    }
  });

  it('another patient, another doctor, staff, admin and the signed out neither create nor read them', async () => {
    for (const { uid, context } of Object.values(others)) {
      const ctx = context();
      await assertFails(send(ctx, uid, 'open', 'signals', offer(uid)));
      await assertFails(send(ctx, uid, 'open', 'chat', chat(uid)));
      await assertFails(getDocs(signals(ctx, 'open')));
      await assertFails(getDocs(chats(ctx, 'open')));
    }
  });

  it('from must be the writer: a spoofed sender is refused', async () => {
    await assertFails(send(patient(), PATIENT, 'open', 'signals', offer(HOST)));
    await assertFails(send(doctor(), HOST, 'open', 'chat', chat(PATIENT)));
  });

  it('the shape is checked: text length, types, fields, server time, expiry', async () => {
    const p = patient();
    await assertFails(send(p, PATIENT, 'open', 'chat', chat(PATIENT, 'x'.repeat(CHAT_TEXT_MAX + 1))));
    await assertFails(send(p, PATIENT, 'open', 'chat', chat(PATIENT, '')));
    await assertFails(send(p, PATIENT, 'open', 'chat', { ...chat(PATIENT), text: 42 }));
    await assertFails(send(p, PATIENT, 'open', 'chat', { ...chat(PATIENT), html: '<b>hi</b>' }));
    await assertFails(send(p, PATIENT, 'open', 'chat', { ...chat(PATIENT), at: Timestamp.now() }));
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...offer(PATIENT), type: 'hangup' }));
    const { sdp: _sdp, ...offerWithoutSdp } = offer(PATIENT);
    await assertFails(send(p, PATIENT, 'open', 'signals', offerWithoutSdp));
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...offer(PATIENT), sdp: 'x'.repeat(32_001) }));
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...candidate(PATIENT), sdp: 'v=0' }));
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...candidate(PATIENT), candidate: { candidate: 42 } }));
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...offer(PATIENT), at: Timestamp.now() }));
    await assertFails(
      send(p, PATIENT, 'open', 'signals', {
        ...offer(PATIENT),
        expireAt: Timestamp.fromMillis(Date.now() + 3 * 24 * 60 * MINUTE),
      }),
    );
    await assertFails(
      send(p, PATIENT, 'open', 'signals', { ...offer(PATIENT), expireAt: Timestamp.fromMillis(Date.now() - MINUTE) }),
    );
    await assertFails(send(p, PATIENT, 'open', 'signals', { ...offer(PATIENT), extra: true }));
  });

  it('no browser updates or deletes a signal or a message, its author included', async () => {
    const ids: Record<string, string> = {};
    await env.withSecurityRulesDisabled(async (ctx) => {
      ids.signal = (await addDoc(signals(ctx, 'open'), { ...offer(PATIENT), at: Timestamp.now() })).id;
      ids.chat = (await addDoc(chats(ctx, 'open'), { ...chat(PATIENT), at: Timestamp.now() })).id;
    });
    for (const who of [patient, doctor]) {
      const fs = who().firestore();
      await assertFails(updateDoc(doc(fs, 'visits', 'open', 'signals', ids.signal), { sdp: 'changed' }));
      await assertFails(deleteDoc(doc(fs, 'visits', 'open', 'signals', ids.signal)));
      await assertFails(updateDoc(doc(fs, 'visits', 'open', 'chat', ids.chat), { text: 'changed' }));
      await assertFails(deleteDoc(doc(fs, 'visits', 'open', 'chat', ids.chat)));
      await assertFails(setDoc(doc(fs, 'visits', 'open', 'chat', ids.chat), chat(PATIENT)));
    }
  });
});

describe('outside the window, or once ended', () => {
  it.each([['early'], ['closed'], ['ended']])('%s: the participants can neither signal, chat nor read them', async (id) => {
    for (const [who, uid] of [
      [patient, PATIENT],
      [doctor, HOST],
    ] as const) {
      await assertFails(send(who(), uid, id, 'signals', offer(uid)));
      await assertFails(send(who(), uid, id, 'chat', chat(uid)));
      await assertFails(getDocs(signals(who(), id)));
      await assertFails(setDoc(doc(who().firestore(), 'visits', id, 'presence', uid), { seenAt: serverTimestamp() }));
      // The record itself stays readable to them (the page says the visit ended or when it opens).
      await assertSucceeds(getDoc(doc(who().firestore(), 'visits', id)));
    }
  });
});

describe('presence', () => {
  it('each participant writes only their own; others none', async () => {
    await assertSucceeds(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp() }),
    );
    await assertSucceeds(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp() }),
    );
    await assertSucceeds(getDoc(doc(doctor().firestore(), 'visits', 'open', 'presence', PATIENT)));
    await assertFails(setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', HOST), { seenAt: serverTimestamp() }));
    await assertFails(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp(), x: 1 }),
    );
    await assertFails(deleteDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT)));
    const stranger = others.anotherPatient.context();
    await assertFails(
      setDoc(doc(stranger.firestore(), 'visits', 'open', 'presence', 'patient-kofi'), { seenAt: serverTimestamp() }),
    );
    await assertFails(getDoc(doc(stranger.firestore(), 'visits', 'open', 'presence', PATIENT)));
  });
});

describe('a host taken out of the room (docs/visits.md: the room follows the roster)', () => {
  // The token still says doctor (an ID token keeps its claims for up to an hour): only the
  // participants the API wrote decide.
  const refused = async (id: string) => {
    const fs = doctor().firestore();
    await assertFails(send(doctor(), HOST, id, 'signals', offer(HOST)));
    await assertFails(send(doctor(), HOST, id, 'chat', chat(HOST)));
    await assertFails(setDoc(doc(fs, 'visits', id, 'presence', HOST), { seenAt: serverTimestamp() }));
    await assertFails(getDocs(signals(doctor(), id)));
    await assertFails(getDocs(chats(doctor(), id)));
    await assertFails(getDoc(doc(fs, 'visits', id, 'presence', PATIENT)));
    await assertFails(getDoc(doc(fs, 'visits', id)));
  };

  it('whose role was removed: neither signals, chat, presence nor the record, reading or writing; the patient goes on', async () => {
    await refused('revoked');
    await assertSucceeds(send(patient(), PATIENT, 'revoked', 'chat', chat(PATIENT)));
  });

  it('who was replaced: refused the same, and the new host talks', async () => {
    await refused('reassigned');
    await assertSucceeds(send(newHost(), NEW_HOST, 'reassigned', 'signals', offer(NEW_HOST)));
    await assertSucceeds(getDocs(chats(newHost(), 'reassigned')));
  });
});

describe("a host the roster no longer makes this visit's doctor, though still in the record (npm run grant)", () => {
  // The token still says doctor of dr-mensah; the roster says otherwise, so the rules refuse them.
  const changed = {
    'regranted-nurse': { role: 'nurse' },
    'regranted-doctor': { role: 'doctor', doctorId: 'dr-owusu' },
    'regranted-none': null,
  } as const;

  it.each(Object.keys(changed) as (keyof typeof changed)[])(
    '%s: signals, chat, presence and the record refused; the patient goes on',
    async (id) => {
      const uid = `${id}-host`;
      const host = () => env.authenticatedContext(uid, { role: 'doctor', doctorId: 'dr-mensah' });
      await roster(uid, { role: 'doctor', doctorId: 'dr-mensah' });
      await assertSucceeds(send(host(), uid, id, 'signals', offer(uid)));
      await assertSucceeds(getDoc(doc(host().firestore(), 'visits', id)));

      await roster(uid, changed[id]);
      await assertFails(send(host(), uid, id, 'signals', candidate(uid)));
      await assertFails(send(host(), uid, id, 'chat', chat(uid)));
      await assertFails(setDoc(doc(host().firestore(), 'visits', id, 'presence', uid), { seenAt: serverTimestamp() }));
      await assertFails(getDocs(signals(host(), id)));
      await assertFails(getDoc(doc(host().firestore(), 'visits', id)));
      await assertSucceeds(send(patient(), PATIENT, id, 'chat', chat(PATIENT)));
    },
  );
});

describe(`at most ${RATE_LIMITS.signals} signals and ${RATE_LIMITS.chat} chat messages a minute per participant`, () => {
  /** What a page sends to set up a call: its bye, an offer or answer, and a burst of ICE candidates, all asked for at once. */
  const setUp = (w: PageWriter, uid: string, candidates: number, description: 'offer' | 'answer') =>
    Promise.all([
      w.write({ from: uid, type: 'bye', at: serverTimestamp(), expireAt: expireAt() }),
      w.write({ ...offer(uid), type: description }),
      ...Array.from({ length: candidates }, () => w.write(candidate(uid))),
    ]);

  it('a set-up, an ICE restart and a reload with 12 candidates each (TURN gathers about that many) pass on both sides at once, asked for at once as the page asks', async () => {
    await Promise.all(
      (
        [
          [patient, PATIENT],
          [doctor, HOST],
        ] as const
      ).map(async ([who, uid]) => {
        const w = new PageWriter(who(), uid, 'setup', 'signals');
        await setUp(w, uid, 12, uid === HOST ? 'offer' : 'answer');
        await setUp(w, uid, 12, 'offer'); // an ICE restart
        await setUp(new PageWriter(who(), uid, 'setup', 'signals'), uid, 12, 'offer'); // the page reloaded
        const chatting = new PageWriter(who(), uid, 'setup', 'chat');
        for (let i = 0; i < 5; i++) await chatting.write(chat(uid, `Message ${i}`));
      }),
    );
    const counts = await stored(async (fs) => ({
      signals: (await getDocs(collection(fs, 'visits', 'setup', 'signals'))).size,
      chat: (await getDocs(collection(fs, 'visits', 'setup', 'chat'))).size,
    }));
    expect(counts).toEqual({ signals: 2 * 3 * 14, chat: 2 * 5 });
  });

  it('a burst over the cap is refused, whichever way the counter is written; the other side is not held back', async () => {
    // This minute's window with all but 20 signals used (a burst of RATE_LIMITS.signals from
    // nothing passes the same way; 20 keep the test short).
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(counterOf(ctx.firestore(), 'burst', PATIENT, 'signals'), {
        start: Timestamp.now(),
        count: RATE_LIMITS.signals - 20,
        last: 'earlier',
      });
    });
    const w = new PageWriter(patient(), PATIENT, 'burst', 'signals');
    await assertSucceeds(Promise.all(Array.from({ length: 20 }, () => w.write(candidate(PATIENT)))));
    await assertFails(w.write(candidate(PATIENT))); // the page would start a new window: too soon
    const fs = patient().firestore();
    const target = doc(collection(fs, 'visits', 'burst', 'signals'));
    const more = writeBatch(fs);
    more.set(counterOf(fs, 'burst', PATIENT, 'signals'), { count: increment(1), last: target.id }, { merge: true });
    more.set(target, candidate(PATIENT));
    await assertFails(more.commit());

    const c = new PageWriter(patient(), PATIENT, 'burst', 'chat');
    for (let i = 0; i < RATE_LIMITS.chat; i++) await assertSucceeds(c.write(chat(PATIENT, `Hello ${i}`)));
    await assertFails(c.write(chat(PATIENT, 'Hello again')));
    await assertFails(new PageWriter(patient(), PATIENT, 'burst', 'chat').write(chat(PATIENT, 'Hello from a reload')));

    await assertSucceeds(send(doctor(), HOST, 'burst', 'signals', candidate(HOST)));
    await assertSucceeds(send(doctor(), HOST, 'burst', 'chat', chat(HOST)));
    const counts = await stored(async (fs) => ({
      patientSignals: (await getDocs(collection(fs, 'visits', 'burst', 'signals'))).docs.filter((d) => d.get('from') === PATIENT)
        .length,
      patientChat: (await getDocs(collection(fs, 'visits', 'burst', 'chat'))).docs.filter((d) => d.get('from') === PATIENT)
        .length,
    }));
    expect(counts).toEqual({ patientSignals: 20, patientChat: RATE_LIMITS.chat });
  });

  it('a full window gives way to a new one a minute after it began, not before', async () => {
    const full = async (startedSecondsAgo: number) =>
      env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(counterOf(ctx.firestore(), 'window', PATIENT, 'chat'), {
          start: Timestamp.fromMillis(Date.now() - startedSecondsAgo * 1000),
          count: RATE_LIMITS.chat,
          last: 'earlier',
        });
      });
    await full(50);
    await assertFails(send(patient(), PATIENT, 'window', 'chat', chat(PATIENT)));
    await full(61);
    await assertSucceeds(send(patient(), PATIENT, 'window', 'chat', chat(PATIENT)));
    const counter = await stored(async (fs) => (await getDoc(counterOf(fs, 'window', PATIENT, 'chat'))).data());
    expect(counter?.count).toBe(1);
  });

  it('the counter cannot be skipped, shared, set back or moved alone; it is read and written only by its own participant', async () => {
    const fs = patient().firestore();
    const counter = counterOf(fs, 'cheat', PATIENT, 'signals');
    // Not counted at all, as the page wrote before the cap.
    await assertFails(addDoc(signals(patient(), 'cheat'), candidate(PATIENT)));
    await assertSucceeds(send(patient(), PATIENT, 'cheat', 'signals', candidate(PATIENT)));

    const batchOf = (count: object, ...docs: { id: string; data: object; kind?: RatedKind }[]) => {
      const b = writeBatch(fs);
      b.set(counter, count, { merge: true });
      for (const d of docs) b.set(doc(fs, 'visits', 'cheat', d.kind ?? 'signals', d.id), d.data);
      return b.commit();
    };
    const id = () => doc(signals(patient(), 'cheat')).id;
    const [a, b] = [id(), id()];
    // Two signals on one count.
    await assertFails(
      batchOf({ count: increment(1), last: a }, { id: a, data: candidate(PATIENT) }, { id: b, data: candidate(PATIENT) }),
    );
    // The counter moved with nothing written, or naming a message instead of a signal.
    await assertFails(batchOf({ count: increment(1), last: a }));
    await assertFails(batchOf({ count: increment(1), last: a }, { id: a, data: chat(PATIENT), kind: 'chat' }));
    // Set back, or jumping.
    await assertFails(batchOf({ count: 0, last: a }, { id: a, data: candidate(PATIENT) }));
    await assertFails(batchOf({ start: serverTimestamp(), count: 1, last: a }, { id: a, data: candidate(PATIENT) }));
    await assertFails(batchOf({ count: increment(2), last: a }, { id: a, data: candidate(PATIENT) }));
    await assertFails(batchOf({ count: increment(1), last: a, extra: true }, { id: a, data: candidate(PATIENT) }));
    // Someone else's counter: the patient counting on the host's, reading it, deleting their own.
    const hosts = counterOf(fs, 'cheat', HOST, 'signals');
    const onHosts = writeBatch(fs);
    onHosts.set(hosts, { start: serverTimestamp(), count: 1, last: a });
    onHosts.set(doc(fs, 'visits', 'cheat', 'signals', a), candidate(PATIENT));
    await assertFails(onHosts.commit());
    await assertSucceeds(send(doctor(), HOST, 'cheat', 'signals', candidate(HOST)));
    await assertFails(getDoc(hosts));
    await assertSucceeds(getDoc(counter));
    await assertFails(deleteDoc(counter));
    await assertFails(getDoc(counterOf(others.anotherPatient.context().firestore(), 'cheat', PATIENT, 'signals')));
    // What was counted: the one signal written the page's way.
    expect((await getDoc(counter)).get('count')).toBe(1);
  });
});

describe('everything else stays closed', () => {
  it('a participant can touch no other collection or sub-collection', async () => {
    const fs = patient().firestore();
    await assertFails(getDoc(doc(fs, 'patients', PATIENT)));
    await assertFails(setDoc(doc(fs, 'appointments', 'open'), { appointmentStatus: 'Completed' }));
    await assertFails(setDoc(doc(fs, 'visits', 'open', 'recordings', 'r1'), { from: PATIENT }));
  });
});
