/**
 * The video visit end to end (docs/visits.md): a paid, accepted virtual consultation whose room is
 * open; the patient (a phone, keyboard only) joins from the dashboard through the pre-call
 * check and waits; the doctor (a desktop) sees them waiting in the console's day view, opens
 * the call and admits them; both browsers connect peer to peer and receive sound and picture;
 * the chat crosses; a reload rejoins; audio only stops the pictures while the sound goes on;
 * the doctor completes with the console's dialog (summary, clinical notes, follow-up) and the
 * room refuses a rejoin. Outsiders (another
 * patient, another doctor) are refused by the API and by firestore.rules. axe checks the
 * pre-call check, the waiting room and the call at 390 and 1280 px.
 *
 * Real parts throughout: the site through Hosting, the API, Auth and the official Firestore
 * emulator (its rules), Chromium with a made-up camera and microphone.
 */
import type { Locator, Page } from 'playwright-core';
import { setLogLevel } from 'firebase/firestore';
import { adminAuth, adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, loginThroughUi, type TestPatient } from './support/accounts';
import { seriousViolations } from './support/axe';
import { DESKTOP, newContext, PHONE, useBrowser } from './support/browser';
import { seededDoctorId, STAFF_LOGINS, STAFF_PASSWORD, staffSignIn } from './support/staff';
import { publicSlots } from './support/booking';
import {
  apiAs,
  bytesOver,
  callFigures,
  openVirtualVisit,
  signalAs,
  waitForConnected,
  watchPeerConnections,
} from './support/visit';

jest.setTimeout(180_000);
setLogLevel('silent');

const browser = useBrowser({ calls: true });
const DOCTOR_NAME = 'Dr Kwame Mensah';
const doctorLogin = { email: STAFF_LOGINS.doctor, password: STAFF_PASSWORD };

let patient: TestPatient & { uid: string };
/** The other patients of this file: an outsider to the room, the doctor's second call, the one who cancels. */
let outsider: TestPatient & { uid: string };
let secondCaller: TestPatient & { uid: string };
let waiting: TestPatient & { uid: string };
let appointmentId: string;
let patientPage: Page;
let doctorPage: Page;

beforeAll(async () => {
  // Every patient of the file at once, and the browser contexts while the visit is booked.
  const stamp = Date.now() % 100000;
  [patient, outsider, secondCaller, waiting] = await Promise.all([
    createActivatedPatient({ firstName: 'Efua', lastName: `Quaye${stamp}` }),
    createActivatedPatient({ firstName: 'Kofi' }),
    createActivatedPatient({ firstName: 'Abena', lastName: `Owusu${stamp}` }),
    createActivatedPatient({ firstName: 'Yaw', lastName: `Boateng${stamp}` }),
  ]);
  const page = async (viewport: typeof PHONE) => {
    const context = await newContext(browser(), viewport);
    await watchPeerConnections(context);
    return context.newPage();
  };
  [appointmentId, patientPage, doctorPage] = await Promise.all([openVirtualVisit(patient), page(PHONE), page(DESKTOP)]);
});

/** Presses Tab until `target` has the focus (as a keyboard user reaches it), failing if it never does. */
async function tabTo(page: Page, target: Locator, maxTabs = 40) {
  for (let i = 0; i < maxTabs; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** axe at phone and desktop width on what the page shows now. */
async function axeBothWidths(page: Page, label: string): Promise<string[]> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  const found = await seriousViolations(page, `${label} @390`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
  found.push(...(await seriousViolations(page, `${label} @1280`)));
  if (size) await page.setViewportSize(size);
  return found;
}

/**
 * The day list's row of one patient, as the doctor finds it: the list is in time order, 20 at a
 * time, and the whole suite books today's appointments with this doctor, so an evening run may
 * need 'Load more' before the visit (a few minutes from now) shows.
 */
async function dayRow(page: Page, name: string): Promise<Locator> {
  const row = page.getByRole('listitem').filter({ hasText: name });
  const more = page.getByRole('button', { name: 'Load more' });
  for (;;) {
    await row.or(more).first().waitFor();
    if ((await row.count()) > 0) return row;
    // The list refetches while the patient waits: the button may be redrawn under the click.
    await more.click({ timeout: 5_000 }).catch(() => undefined);
  }
}

/** At least 1 KB/s of received audio in every 2-second window (docs/visits.md): a voice, not leftover bytes. */
const STEADY_AUDIO_BYTES = 2 * 1024;

/** Bytes received in one 2-second window. */
interface Received {
  audio: number;
  video: number;
}

/**
 * The audio and video each page received in each 2-second window over `seconds`, both pages
 * measured at once (the newest connection's counters; a new connection starts its own).
 */
async function receivedWindows(pages: Page[], seconds = 10): Promise<Received[][]> {
  const windows: Received[][] = pages.map(() => []);
  const grew = (now: number, then: number) => (now >= then ? now - then : now);
  let before = await Promise.all(pages.map(callFigures));
  for (let i = 0; i < seconds / 2; i++) {
    await pages[0].waitForTimeout(2_000);
    const after = await Promise.all(pages.map(callFigures));
    after.forEach((a, p) =>
      windows[p].push({ audio: grew(a.audioIn, before[p].audioIn), video: grew(a.videoIn, before[p].videoIn) }),
    );
    before = after;
  }
  return windows;
}

/** All the bytes a page's current connection sent and received so far. */
const totalBytes = async (page: Page) => {
  const f = await callFigures(page);
  return f.audioIn + f.videoIn + f.audioOut + f.videoOut;
};

/**
 * Both sides hear each other steadily for 10 s: every 2-second window carries at least 1 KB/s
 * of audio. Prints the windows, and the data each page used meanwhile in MB a minute (sent and
 * received: what the patient's bundle pays for; the figures in docs/visits.md come from here).
 * Answers the video each side received in the last window (a test of audio only reads it there
 * instead of measuring 2 s more).
 */
async function expectSteadyAudio(
  label: string,
  [patientPage_, doctorPage_] = [patientPage, doctorPage],
): Promise<{ lastVideoToPatient: number; lastVideoToDoctor: number }> {
  const [patientPage, doctorPage] = [patientPage_, doctorPage_];
  const started = [Date.now(), await totalBytes(patientPage), await totalBytes(doctorPage)];
  const [patientWindows, doctorWindows] = await receivedWindows([patientPage, doctorPage]);
  const [toPatient, toDoctor] = [patientWindows, doctorWindows].map((windows) => windows.map((w) => w.audio));
  const minutes = (Date.now() - started[0]) / 60_000;
  const perMinute = async (page: Page, before: number) =>
    (Math.max(0, (await totalBytes(page)) - before) / 1e6 / minutes).toFixed(2);
  console.log(
    `${label}: audio received per 2 s (bytes) by the patient ${toPatient.join(', ')}; by the doctor ${toDoctor.join(', ')}; ` +
      `data used (sent + received) ${await perMinute(patientPage, started[1])} MB/min by the patient, ${await perMinute(doctorPage, started[2])} MB/min by the doctor`,
  );
  const short = (windows: number[]) => windows.filter((bytes) => bytes < STEADY_AUDIO_BYTES);
  expect({ toPatient: short(toPatient), toDoctor: short(toDoctor) }).toEqual({ toPatient: [], toDoctor: [] });
  return { lastVideoToPatient: patientWindows.at(-1)!.video, lastVideoToDoctor: doctorWindows.at(-1)!.video };
}

const visitDoc = () => adminDb().collection('visits').doc(appointmentId);

describe('a video visit between a patient and their doctor', () => {
  it('when the patient follows Join visit and checks camera and microphone, then the level moves and joining (by keyboard) puts them in the waiting room', async () => {
    await loginThroughUi(patientPage, patient, '/dashboard');
    await patientPage
      .getByRole('link', { name: /^Join visit/ })
      .first()
      .click();
    await patientPage.waitForURL(`**/visit/${appointmentId}`);

    const check = patientPage.getByRole('region', { name: 'Check your camera and microphone' });
    await check.getByLabel('Your camera').waitFor();
    expect(await check.getByLabel('Microphone', { exact: true }).locator('option').count()).toBeGreaterThan(0);
    expect(await check.getByLabel('Camera', { exact: true }).locator('option').count()).toBeGreaterThan(0);
    // The made-up microphone beeps: the meter moves.
    await patientPage.waitForFunction(() => Number(document.querySelector('meter')?.value) > 0, undefined, { timeout: 15_000 });
    expect(await axeBothWidths(patientPage, 'pre-call check')).toEqual([]);

    const join = check.getByRole('button', { name: 'Join visit' });
    await tabTo(patientPage, join);
    await patientPage.keyboard.press('Enter');
    const waiting = patientPage.getByRole('heading', { name: `${DOCTOR_NAME} knows you are here` });
    await waiting.waitFor();
    // Focus moved to the new screen, and the live region said it.
    expect(await waiting.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await patientPage.getByRole('status').filter({ hasText: 'knows you are here' }).count()).toBe(1);
    expect((await visitDoc().get()).get('state')).toBe('Waiting');
    expect(await axeBothWidths(patientPage, 'waiting room')).toEqual([]);
  });

  it("when the doctor opens today's day view, then the visit is marked with the patient waiting, and Start visit opens the room with Admit", async () => {
    // The visit's own day: a run a few minutes before midnight books it for tomorrow.
    const day = (await adminDb().collection('appointments').doc(appointmentId).get()).get('requestedDay') as string;
    await staffSignIn(doctorPage, 'doctor', `/staff/appointments?day=${day}`);
    const row = await dayRow(doctorPage, `${patient.firstName} ${patient.lastName}`);
    await row.getByText('Video visit').waitFor();
    await row.getByText(/^Waiting since \d\d:\d\d$/).waitFor();
    await row.getByRole('link', { name: /^Start visit/ }).click();

    await doctorPage.getByRole('button', { name: 'Start visit' }).click();
    await doctorPage.getByRole('heading', { name: `${patient.firstName} ${patient.lastName} is waiting` }).waitFor();
    await doctorPage.getByText(/In the waiting room since \d\d:\d\d on/).waitFor();
  });

  it('when someone else tries the room (another patient, another doctor), then the API answers 403 and the rules refuse their signal', async () => {
    const otherDoctor = { email: `doctor.${Date.now()}@expmed.local`, password: 'Other-doctor-2026' };
    const { uid: otherDoctorUid } = await adminAuth().createUser(otherDoctor);
    await adminAuth().setCustomUserClaims(otherDoctorUid, { role: 'doctor', doctorId: 'dr-owusu' });

    for (const person of [{ email: outsider.email, password: outsider.password }, otherDoctor]) {
      const refused = await apiAs(person, 'POST', `/visits/${appointmentId}/join`, {});
      expect(refused.status).toBe(403);

      // Their browser's web SDK, signed in as them, writing a signal as the page would.
      expect(await signalAs(person, appointmentId)).toBe('permission-denied');
    }
    const signals = await visitDoc().collection('signals').get();
    expect(signals.docs.filter((d) => d.get('from') === otherDoctorUid || d.get('from') === outsider.uid)).toEqual([]);
  });

  it('when the doctor admits, then both browsers connect and each receives sound and picture; the patient hears they were admitted', async () => {
    await doctorPage.getByRole('button', { name: 'Admit' }).click();
    await Promise.all([waitForConnected(patientPage), waitForConnected(doctorPage)]);

    // The 10 s of steady audio are measured from now, while the first checks run beside them.
    const firstChecks = async () => {
      const [toPatient, toDoctor] = await Promise.all([bytesOver(patientPage), bytesOver(doctorPage)]);
      expect(toPatient.audioIn).toBeGreaterThan(0);
      expect(toPatient.videoIn).toBeGreaterThan(0);
      expect(toDoctor.audioIn).toBeGreaterThan(0);
      expect(toDoctor.videoIn).toBeGreaterThan(0);

      const heading = patientPage.getByRole('heading', { name: DOCTOR_NAME, exact: true });
      expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
      await patientPage
        .getByRole('status')
        .filter({ hasText: `${DOCTOR_NAME} admitted you` })
        .waitFor();
      const stored = await visitDoc().get();
      expect(stored.get('state')).toBe('InCall');
      expect((await adminDb().collection('appointments').doc(appointmentId).get()).get('appointmentStatus')).toBe('CheckedIn');
    };
    await Promise.all([expectSteadyAudio('in the video call'), firstChecks()]);
    // The quality label, with its figures for screen readers, and the data used so far.
    await patientPage.getByText(/^Connection (good|fair|poor): /).waitFor({ state: 'attached', timeout: 15_000 });
    await patientPage.getByText(/^Data used: \d+\.\d MB$/).waitFor();
    expect(await axeBothWidths(patientPage, 'call screen')).toEqual([]);
  });

  it('when the patient writes in the chat by keyboard and the doctor answers, then each sees the other’s message', async () => {
    const message = patientPage.getByLabel('Message', { exact: true });
    await tabTo(patientPage, message);
    await patientPage.keyboard.type('The sound is breaking up');
    await patientPage.keyboard.press('Enter');
    await doctorPage.getByRole('log', { name: 'Messages' }).getByText('The sound is breaking up').waitFor();

    await doctorPage.getByLabel('Message', { exact: true }).fill('I will keep it short, can you hear me now?');
    await doctorPage.getByRole('button', { name: 'Send' }).click();
    await patientPage.getByRole('log', { name: 'Messages' }).getByText('can you hear me now?').waitFor();
    const chat = await visitDoc().collection('chat').get();
    expect(chat.docs.map((d) => d.get('from')).sort()).toEqual(
      [patient.uid, (await adminAuth().getUserByEmail(doctorLogin.email)).uid].sort(),
    );
  });

  it('when the patient switches to audio only (by keyboard), then no picture flows either way while the sound goes on, and both are told', async () => {
    const audioOnly = patientPage.getByRole('button', { name: 'Switch to audio only' });
    await tabTo(patientPage, audioOnly);
    const switchedAt = new Date();
    await patientPage.keyboard.press('Enter');
    const patientName = `${patient.firstName} ${patient.lastName}`;
    await doctorPage
      .getByRole('region', { name: patientName })
      .getByText(`${patientName} switched the call to audio only.`)
      .waitFor();
    await patientPage.getByRole('region', { name: DOCTOR_NAME }).getByText('The call is audio only now').waitFor();
    await waitUntil(
      async () => (await visitDoc().get()).get('mode'),
      (mode) => mode === 'audio',
    );
    const { lastVideoToPatient, lastVideoToDoctor } = await expectSteadyAudio('after the patient chose audio only');
    // One renegotiation, offered by the side that switched: both offering at once made the
    // patient's browser roll its offer back and rebuild its audio sender, which could stay silent.
    const offers = await visitDoc().collection('signals').where('type', '==', 'offer').where('at', '>', switchedAt).get();
    expect(offers.docs.map((d) => d.get('from'))).toEqual([patient.uid]);
    // No picture either way in the last 2 s of the measure.
    expect(lastVideoToPatient).toBe(0);
    expect(lastVideoToDoctor).toBe(0);
  });

  it('when the patient reloads the page in the audio-only call, then it rejoins with sound only and both hear each other steadily', async () => {
    await patientPage.reload();
    await patientPage.getByRole('heading', { name: DOCTOR_NAME, exact: true }).waitFor({ timeout: 30_000 });
    await Promise.all([waitForConnected(patientPage), waitForConnected(doctorPage)]);
    const { lastVideoToPatient, lastVideoToDoctor } = await expectSteadyAudio('after the patient reloaded');
    expect([lastVideoToPatient, lastVideoToDoctor]).toEqual([0, 0]);
    // The chat is kept with the visit: the reloaded page shows it again.
    await patientPage.getByRole('log', { name: 'Messages' }).getByText('The sound is breaking up').waitFor();
  });

  it('when the doctor’s browser restarts ICE (as it does after a network change), then the call carries on and both hear each other steadily', async () => {
    const usernameFragment = () =>
      doctorPage.evaluate(() => {
        const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
        const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed')!;
        return /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1];
      });
    const before = await usernameFragment();
    await doctorPage.evaluate(() => {
      const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
      [...peers]
        .reverse()
        .find((p) => p.connectionState !== 'closed')!
        .restartIce();
    });
    // The restart renegotiates: new ICE credentials in the doctor's description.
    await waitUntil(usernameFragment, (after) => !!after && after !== before);
    await Promise.all([waitForConnected(patientPage), waitForConnected(doctorPage)]);
    await expectSteadyAudio('after an ICE restart');
  });

  it('when the patient’s microphone stops in the call, then the page says plainly the doctor cannot hear them, and one tap brings the sound back without a reload', async () => {
    await patientPage.evaluate(() => {
      const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
      const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed')!;
      pc.getSenders()
        .find((s) => s.track?.kind === 'audio')!
        .track!.stop();
    });
    const repair = patientPage.getByRole('button', {
      name: `${DOCTOR_NAME} cannot hear you: tap to reconnect the microphone`,
    });
    await repair.waitFor({ timeout: 10_000 });
    expect(await patientPage.getByText(/^Connection (good|fair|poor): /).count()).toBe(0);
    await repair.click();
    await repair.waitFor({ state: 'detached' });
    await expectSteadyAudio('after the microphone was reconnected');
    expect(await repair.count()).toBe(0);
  });

  it("when the doctor completes the visit from the call with the console's dialog (summary, notes, follow-up), then both see it ended, the appointment is Completed with the notes and the room refuses a rejoin", async () => {
    const notes = {
      complaint: 'Headache for three days',
      findings: 'Alert, no neck stiffness, speech normal on video',
      assessment: 'Tension headache',
      plan: 'Rest, water, paracetamol 1 g up to four times a day',
    };
    // The rules close the room when it ends: neither page may be caught reading or writing it then (issue 36).
    const refusals: string[] = [];
    for (const page of [patientPage, doctorPage])
      page.on('console', (m) => {
        if (/permission|insufficient/i.test(m.text())) refusals.push(`${m.type()}: ${m.text()}`);
      });
    await doctorPage.getByRole('button', { name: 'Complete visit' }).click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Complete visit' });
    await dialog.getByText(`${patient.firstName} ${patient.lastName}, Virtual Consultation`).waitFor();
    await dialog
      .getByLabel('Visit summary (the patient reads this)')
      .fill('Tension headache. Rest, water, paracetamol; come back if it lasts a week.');
    await dialog.getByLabel('Presenting complaint').fill(notes.complaint);
    await dialog.getByLabel('Findings').fill(notes.findings);
    await dialog.getByLabel('Assessment').fill(notes.assessment);
    await dialog.getByLabel('Plan').fill(notes.plan);
    await dialog.getByLabel('Suggest a follow-up').selectOption({ label: 'In 1 week' });
    await dialog.getByLabel('Note for the patient').fill('Book again if the headache is not better');
    await dialog.getByRole('button', { name: 'Complete visit' }).click();
    await doctorPage.locator('.swal2-popup').getByText('Saved!').waitFor();
    await doctorPage.locator('.swal2-confirm').click();
    await doctorPage.getByRole('heading', { name: 'The visit has ended' }).waitFor();
    await patientPage.getByRole('heading', { name: 'The visit has ended' }).waitFor();
    // Past the 30 s presence mark would be too long to wait; 3 s covers the goodbye and the listeners' end.
    await patientPage.waitForTimeout(3_000);
    expect(refusals).toEqual([]);

    const appointment = (await adminDb().collection('appointments').doc(appointmentId).get()).data();
    expect(appointment).toMatchObject({
      appointmentStatus: 'Completed',
      visitSummary: expect.stringMatching(/^Tension headache/),
      clinicalNotes: notes,
      followUp: expect.objectContaining({ note: 'Book again if the headache is not better' }),
    });
    expect((await visitDoc().get()).get('state')).toBe('Ended');

    const rejoin = await apiAs(patient, 'POST', `/visits/${appointmentId}/join`, {});
    expect(rejoin.status).toBe(409);
    expect(rejoin.msg).toBe('This visit has ended.');
    await patientPage.goto(`/visit/${appointmentId}`);
    await patientPage
      .getByRole('region', { name: 'You cannot join this visit now' })
      .getByText('This visit has ended.')
      .waitFor();
  });
});

describe('a video call the doctor switches to audio only', () => {
  it('when the doctor switches, then the patient is told, one offer comes from the doctor, and both hear each other steadily', async () => {
    const other = secondCaller;
    const id = await openVirtualVisit(other);
    const contexts = [await newContext(browser(), PHONE), await newContext(browser(), DESKTOP)];
    await Promise.all(contexts.map(watchPeerConnections));
    const [patientSide, doctorSide] = await Promise.all(contexts.map((c) => c.newPage()));
    const patientJoins = async () => {
      await loginThroughUi(patientSide, other);
      await patientSide.goto(`/visit/${id}`);
      await patientSide.getByRole('button', { name: 'Join visit' }).click();
    };
    // The doctor signs in meanwhile, and opens the room once the patient has joined (as before).
    await Promise.all([patientJoins(), staffSignIn(doctorSide, 'doctor')]);
    await doctorSide.goto(`/visit/${id}`);
    await doctorSide.getByRole('button', { name: 'Start visit' }).click();
    await doctorSide.getByRole('button', { name: 'Admit' }).click();
    await Promise.all([waitForConnected(patientSide), waitForConnected(doctorSide)]);

    const switchedAt = new Date();
    await doctorSide.getByRole('button', { name: 'Switch to audio only' }).click();
    await patientSide
      .getByRole('region', { name: DOCTOR_NAME })
      .getByText(`${DOCTOR_NAME} switched the call to audio only.`)
      .waitFor();
    await expectSteadyAudio('after the doctor chose audio only', [patientSide, doctorSide]);
    const offers = await adminDb()
      .collection('visits')
      .doc(id)
      .collection('signals')
      .where('type', '==', 'offer')
      .where('at', '>', switchedAt)
      .get();
    expect(offers.docs.map((d) => d.get('from'))).toEqual([(await adminAuth().getUserByEmail(doctorLogin.email)).uid]);
    await Promise.all(contexts.map((c) => c.close()));
  });
});

describe('an appointment that leaves Accepted while its room is open', () => {
  const staffLogin = { email: STAFF_LOGINS.staff, password: STAFF_PASSWORD };
  it('when the patient cancels it while waiting in the room, then their page says the visit will not take place, and the API and the rules shut both of them out', async () => {
    const id = await openVirtualVisit(waiting);
    const page = await (await newContext(browser(), PHONE)).newPage();
    await loginThroughUi(page, waiting);
    await page.goto(`/visit/${id}`);
    await page
      .getByRole('region', { name: 'Check your camera and microphone' })
      .getByRole('button', { name: 'Join visit' })
      .click();
    await page.getByRole('heading', { name: `${DOCTOR_NAME} knows you are here` }).waitFor();
    expect((await apiAs(doctorLogin, 'POST', `/visits/${id}/join`, {})).status).toBe(200);
    expect(await signalAs(waiting, id)).toBe('allowed');
    expect(await signalAs(doctorLogin, id)).toBe('allowed');

    // Cancelled from the dashboard (another tab): the API's cancel.
    const cancelled = await apiAs(waiting, 'POST', '/appointments/cancel', { appointmentId: id });
    expect(cancelled.status).toBe(200);
    await page.getByRole('heading', { name: 'The visit has ended' }).waitFor();
    await page.getByText('Your appointment was cancelled, so this visit will not take place.', { exact: false }).waitFor();
    expect(await seriousViolations(page, 'visit cancelled @390')).toEqual([]);

    expect(await signalAs(waiting, id)).toBe('permission-denied');
    expect(await signalAs(doctorLogin, id)).toBe('permission-denied');
    for (const person of [waiting, doctorLogin]) {
      const again = await apiAs(person, 'POST', `/visits/${id}/join`, {});
      expect([again.status, again.msg]).toEqual([409, 'This visit has ended.']);
    }
    await page.context().close();
  });

  it('when the clinic marks it a no-show or moves it to another day, then the rules refuse both and the API refuses join', async () => {
    const noShow = await openVirtualVisit(waiting);
    expect((await apiAs(waiting, 'POST', `/visits/${noShow}/join`, {})).status).toBe(200);
    expect((await apiAs(doctorLogin, 'POST', `/visits/${noShow}/join`, {})).status).toBe(200);
    expect(await signalAs(waiting, noShow)).toBe('allowed');
    expect(await signalAs(doctorLogin, noShow)).toBe('allowed');
    expect((await apiAs(staffLogin, 'POST', `/staff/appointments/${noShow}/no-show`, {})).status).toBe(200);
    expect(await signalAs(waiting, noShow)).toBe('permission-denied');
    expect(await signalAs(doctorLogin, noShow)).toBe('permission-denied');
    expect((await apiAs(waiting, 'POST', `/visits/${noShow}/join`, {})).msg).toBe('This visit has ended.');

    const moved = await openVirtualVisit(waiting);
    expect((await apiAs(waiting, 'POST', `/visits/${moved}/join`, {})).status).toBe(200);
    expect((await apiAs(doctorLogin, 'POST', `/visits/${moved}/join`, {})).status).toBe(200);
    expect(await signalAs(waiting, moved)).toBe('allowed');
    expect(await signalAs(doctorLogin, moved)).toBe('allowed');
    const doctorId = await seededDoctorId();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const free = (await publicSlots(doctorId, tomorrow)).find((d) => d.times.length);
    if (!free) throw new Error(`${doctorId} has no free slot from ${tomorrow}`);
    const res = await apiAs(staffLogin, 'POST', `/staff/appointments/${moved}/reschedule`, {
      requestedDay: free.day,
      requestedTime: free.times[0],
    });
    expect(res.status).toBe(200);
    expect(await signalAs(waiting, moved)).toBe('permission-denied');
    expect(await signalAs(doctorLogin, moved)).toBe('permission-denied');
    const again = await apiAs(waiting, 'POST', `/visits/${moved}/join`, {});
    expect(again.status).toBe(409);
    expect(again.msg).toMatch(/^The visit opens at \d\d:\d\d on /);
  });
});
