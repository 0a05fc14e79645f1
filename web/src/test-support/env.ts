import type { Env } from '../lib/env';

/** What the app sees under Jest: the local demo project, emulators on. */
export const env: Env = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-healthcare.firebaseapp.com', projectId: 'demo-healthcare' },
  useAuthEmulator: true,
  firestoreEmulator: { host: '127.0.0.1', port: 8080 },
  apiBase: '/api',
  release: 'test-build',
};
