/**
 * App Check on the API: with APP_CHECK_ENFORCED (production) a write without a valid token is
 * refused and changes nothing; with it off (the emulators, functions/.env.local) writes pass.
 * The token check itself is firebase-admin's; only the valid-token case stubs it, at the
 * boundary where it would fetch Google's public keys.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { APP_CHECK_HEADER } from '../../api/app-check';
import { APP_CHECK_REQUIRED } from '../../api/messages';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { forwardedFor } from '../../test-support/client';

const feedback = () => ({
  fullName: 'Ama Mensah',
  telephone: '024 123 4567',
  email: `app-check-${randomUUID().slice(0, 8)}@example.com`,
  message: 'Do you visit Tema?',
});
const storedFeedback = async (email: string) =>
  (await db().collection(COLLECTIONS.feedback).where('email', '==', email).get()).size;

describe('App Check enforced (production)', () => {
  const verified: string[] = [];
  const enforcing = createApp({ appCheck: { enforced: () => true } });
  const withGoogleKeys = createApp({
    appCheck: {
      enforced: () => true,
      verify: async (token) => {
        if (token !== 'valid-app-check-token') throw new Error('invalid');
        verified.push(token);
      },
    },
  });
  const post = (app: ReturnType<typeof createApp>, body: object) =>
    request(app).post('/api/feedback').set('X-Forwarded-For', forwardedFor()).send(body);

  it('when a form is posted without a token, then 401 asks to reload the page and nothing is stored', async () => {
    const body = feedback();
    const res = await post(enforcing, body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, msg: APP_CHECK_REQUIRED, data: null });
    expect(await storedFeedback(body.email)).toBe(0);
  });

  it('when the token is forged, then firebase-admin refuses it: 401 and nothing stored', async () => {
    const body = feedback();
    const res = await post(enforcing, body).set(APP_CHECK_HEADER, 'eyJhbGciOiJub25lIn0.e30.forged');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe(APP_CHECK_REQUIRED);
    expect(await storedFeedback(body.email)).toBe(0);
  });

  it('when the token is valid, then the write goes through', async () => {
    const body = feedback();
    const res = await post(withGoogleKeys, body).set(APP_CHECK_HEADER, 'valid-app-check-token');
    expect(res.status).toBe(201);
    expect(verified).toEqual(['valid-app-check-token']);
    expect(await storedFeedback(body.email)).toBe(1);
  });

  it('when the catalog is read, then no token is needed (public, cached by the CDN)', async () => {
    expect((await request(enforcing).get('/api/packages')).status).toBe(200);
  });

  it('when a mail program unsubscribes in one click or the site reports an error, then no token is needed', async () => {
    const unsubscribe = await request(enforcing).post('/api/subscriptions/news/unsubscribe').send({ token: 'not-a-real-token' });
    expect(unsubscribe.status).toBe(400); // the link is checked, App Check is not asked
    const report = await request(enforcing)
      .post('/api/client-errors')
      .set('X-Forwarded-For', forwardedFor())
      .send({ kind: 'error', message: 'App Check failed to load', path: '/' });
    expect(report.status).toBe(202);
  });
});

describe('App Check not enforced (the emulators: APP_CHECK_ENFORCED=false in functions/.env.local)', () => {
  it('when a form is posted without a token, then it passes through and is stored', async () => {
    const body = feedback();
    const res = await request(createApp()).post('/api/feedback').set('X-Forwarded-For', forwardedFor()).send(body);
    expect(res.status).toBe(201);
    expect(await storedFeedback(body.email)).toBe(1);
  });
});
