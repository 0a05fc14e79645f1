import express from 'express';
import request from 'supertest';
import { auth } from '../../store/firebase';
import { createTestUser } from '../../test-support/auth';
import { assertOwnPatientId, requireAuth } from '../auth';
import { ok } from '../envelope';
import { errorHandler } from '../error-handler';

/** A guarded route like the patient endpoints: answers with the caller's uid. */
const app = express();
app.get('/mine/:patientId', requireAuth, (req, res) => ok(res, { uid: assertOwnPatientId(req, req.params.patientId) }));
app.use(errorHandler);

describe('requireAuth against the Auth emulator', () => {
  it('when the token is a real ID token, then the caller is its uid', async () => {
    const user = await createTestUser();
    const res = await request(app).get(`/mine/${user.uid}`).set('Authorization', `Bearer ${user.idToken}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uid: user.uid });
  });

  it('when no token is sent, then it answers a 401 envelope', async () => {
    const res = await request(app).get('/mine/anyone');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, msg: 'Please log in to continue: no sign-in token was sent.', data: null });
  });

  it('when the token is not a valid ID token, then it answers 401', async () => {
    const res = await request(app).get('/mine/anyone').set('Authorization', 'Bearer not-a-token');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Your sign-in has expired or is not valid. Please log in again.');
  });

  it('when the path names another patient, then it answers 403', async () => {
    const user = await createTestUser();
    const res = await request(app).get('/mine/someone-else').set('Authorization', `Bearer ${user.idToken}`);
    expect(res.status).toBe(403);
    expect(res.body.statusCode).toBe(403);
  });

  it("when the user's tokens were revoked, then the old token answers 401", async () => {
    const user = await createTestUser();
    // Revocation is checked against the token's issue time in whole seconds.
    await new Promise((r) => setTimeout(r, 1100));
    await auth().revokeRefreshTokens(user.uid);
    const res = await request(app).get(`/mine/${user.uid}`).set('Authorization', `Bearer ${user.idToken}`);
    expect(res.status).toBe(401);
  });
});
