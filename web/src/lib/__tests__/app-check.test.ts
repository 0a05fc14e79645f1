import { api } from '@/lib/api-client';
import { env } from '@/lib/env';

// reCAPTCHA Enterprise and Google's token exchange stand behind this module: stubbed at that boundary.
jest.mock('@/lib/app-check-client', () => ({ appCheckToken: jest.fn().mockResolvedValue('app-check-token-123') }));

const answer = () =>
  jest
    .fn()
    .mockResolvedValue({ ok: true, status: 200, json: () => Promise.resolve({ statusCode: 200, msg: 'Success', data: null }) });
const headersOf = (fetchMock: jest.Mock, call = 0) =>
  (fetchMock.mock.calls[call][1] as RequestInit).headers as Record<string, string>;

describe('App Check on API calls', () => {
  beforeEach(() => jest.clearAllMocks());
  afterEach(() => {
    env.appCheckSiteKey = undefined;
  });

  it('when a production build (with a site key) writes, then the App Check token goes with it; reads go without', async () => {
    env.appCheckSiteKey = 'site-key';
    const fetchMock = answer();
    global.fetch = fetchMock;
    await api.post('/feedback', { message: 'Hello' });
    await api.put('/patient/p1', {});
    await api.delete('/appointments/a1');
    await api.get('/packages');
    expect([0, 1, 2].map((call) => headersOf(fetchMock, call)['X-Firebase-AppCheck'])).toEqual([
      'app-check-token-123',
      'app-check-token-123',
      'app-check-token-123',
    ]);
    expect(headersOf(fetchMock, 3)).not.toHaveProperty('X-Firebase-AppCheck');
  });

  it('when the build has no site key (the emulators), then no App Check is loaded or sent', async () => {
    const fetchMock = answer();
    global.fetch = fetchMock;
    await api.post('/feedback', { message: 'Hello' });
    expect(headersOf(fetchMock)).not.toHaveProperty('X-Firebase-AppCheck');
    expect(jest.requireMock('@/lib/app-check-client').appCheckToken).not.toHaveBeenCalled();
  });
});
