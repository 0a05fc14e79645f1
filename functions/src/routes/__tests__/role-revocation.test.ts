import request from 'supertest';
import { createApp } from '../../app';
import { ROLE_CHANGED } from '../../api/staff';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createStaffUser, createTestUser, signIn, type TestUser } from '../../test-support/auth';

/**
 * A removed or changed role stops on the holder's next request (docs/roles-and-audit.md): the roster is
 * checked on every staff request and the person's refresh tokens are revoked, so an ID token
 * minted before the change (good for up to an hour) opens nothing any more.
 */
const app = createApp();
const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const rosterOf = async (uid: string) => (await db().collection(COLLECTIONS.staffMembers).doc(uid).get()).data();

const SIGN_IN_AGAIN = [ROLE_CHANGED, 'Your sign-in has expired or is not valid. Please log in again.'];

/** Waits into the next whole second: Auth records revocations and sign-in times in seconds. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

let patient: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  patient = await createTestUser();
});

describe('a removed role', () => {
  it("when another admin removes admin A's role, then A's old token cannot re-grant itself, nor read patients or orders (401)", async () => {
    const [a, b] = await Promise.all([createStaffUser('admin'), createStaffUser('admin')]);
    const t = a; // A's ID token T, minted while A was admin.
    expect((await request(app).get('/api/staff/orders').set(as(t))).status).toBe(200);

    const removed = await request(app).delete(`/api/staff/roles/${a.uid}`).set(as(b));
    expect(removed.status).toBe(200);
    expect((await auth().getUser(a.uid)).customClaims ?? {}).toEqual({});

    const regrant = await request(app).post('/api/staff/roles').set(as(t)).send({ email: a.email, role: 'admin' });
    expect(regrant.status).toBe(401);
    // Refused by the roster, or by the revocation when it fell in a later second than T's sign-in.
    expect(regrant.body).toMatchObject({ statusCode: 401, data: null });
    expect(SIGN_IN_AGAIN).toContain(regrant.body.msg);
    expect((await auth().getUser(a.uid)).customClaims ?? {}).toEqual({});
    expect(await rosterOf(a.uid)).toBeUndefined();

    expect((await request(app).get(`/api/staff/patients/${patient.uid}`).set(as(t))).status).toBe(401);
    expect((await request(app).get('/api/staff/orders').set(as(t))).status).toBe(401);
  });

  it('when a role is removed, then every session of the holder ends: even a patient route refuses the old token', async () => {
    const [person, admin] = await Promise.all([createStaffUser('staff'), createStaffUser('admin')]);
    await nextSecond(); // so the revocation falls in a later second than the sign-in
    expect((await request(app).delete(`/api/staff/roles/${person.uid}`).set(as(admin))).status).toBe(200);
    const res = await request(app).get(`/api/patient/${person.uid}`).set(as(person));
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Your sign-in has expired or is not valid. Please log in again.');
    // Signing in again works, without the role.
    const again = { ...person, idToken: await signIn(person.email) };
    expect((await request(app).get('/api/staff/overview').set(as(again))).status).toBe(403);
  });
});

it('when the roster no longer gives the token its role (revoked in the same second as the sign-in), then 401 asking to sign in again', async () => {
  const staff = await createStaffUser('staff');
  // No revocation here: only the roster changed, as when both happen within one second.
  await db().collection(COLLECTIONS.staffMembers).doc(staff.uid).delete();
  const res = await request(app).get('/api/staff/enquiries').set(as(staff));
  expect(res.status).toBe(401);
  expect(res.body.msg).toBe(ROLE_CHANGED);
  await db().collection(COLLECTIONS.staffMembers).doc(staff.uid).set({ uid: staff.uid, email: staff.email, role: 'admin' });
  expect((await request(app).get('/api/staff/enquiries').set(as(staff))).status).toBe(401);
});

describe('a changed role', () => {
  it("when an admin makes staff S an admin, then S's old staff token is 401 and a new sign-in is admin", async () => {
    const [s, admin] = await Promise.all([createStaffUser('staff'), createStaffUser('admin')]);
    const changed = await request(app).post('/api/staff/roles').set(as(admin)).send({ email: s.email, role: 'admin' });
    expect(changed.status).toBe(201);
    expect((await request(app).get('/api/staff/enquiries').set(as(s))).status).toBe(401);
    const again = { ...s, idToken: await signIn(s.email) };
    expect((await request(app).get('/api/staff/audit').set(as(again))).status).toBe(200);
  });

  it("when a doctor is moved to another doctor's record, then the old token cannot read the old doctor's appointments", async () => {
    const [doctor, admin] = await Promise.all([createStaffUser('doctor', 'dr-mensah'), createStaffUser('admin')]);
    const moved = await request(app)
      .post('/api/staff/roles')
      .set(as(admin))
      .send({ email: doctor.email, role: 'doctor', doctorId: 'dr-owusu' });
    expect(moved.status).toBe(201);
    expect((await request(app).get('/api/staff/appointments?doctorId=dr-mensah').set(as(doctor))).status).toBe(401);
  });

  it('when an admin tries to change their own role, then 409 and nothing changes', async () => {
    const admin = await createStaffUser('admin');
    const res = await request(app).post('/api/staff/roles').set(as(admin)).send({ email: admin.email, role: 'staff' });
    expect(res.status).toBe(409);
    expect((await rosterOf(admin.uid))?.role).toBe('admin');
  });
});

describe('roles go only to verified e-mail addresses', () => {
  it('when the account has not verified its e-mail, then 409 saying so, and no claim or roster entry is written', async () => {
    const admin = await createStaffUser('admin');
    const person = await createTestUser({ emailVerified: false });
    const res = await request(app).post('/api/staff/roles').set(as(admin)).send({ email: person.email, role: 'staff' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      `${person.email} has not verified their e-mail address yet: roles go only to verified accounts. ` +
        'Ask them to sign in on the site and enter the code we e-mailed them, then try again.',
    );
    expect((await auth().getUser(person.uid)).customClaims ?? {}).toEqual({});
    expect(await rosterOf(person.uid)).toBeUndefined();
  });
});

describe('revoking oneself', () => {
  it('when an admin removes their own role, then 409 with a sentence and the role stays', async () => {
    const admin = await createStaffUser('admin');
    const res = await request(app).delete(`/api/staff/roles/${admin.uid}`).set(as(admin));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('You cannot remove your own role: ask another admin.');
    expect((await rosterOf(admin.uid))?.role).toBe('admin');
    expect((await auth().getUser(admin.uid)).customClaims).toMatchObject({ role: 'admin' });
  });
});
