import { iceServersFor, turnCredential } from '../ice-servers';

/**
 * TURN credentials by the TURN REST API scheme coturn checks with use-auth-secret. The vector
 * was computed apart from this code:
 *   printf '%s' '1700007200:patient-abc' | openssl dgst -sha1 -hmac 'coturn-shared-secret' -binary | base64
 */
describe('TURN credentials', () => {
  it('username is "<unix expiry>:<uid>" with the expiry given, credential base64(HMAC-SHA1(secret, username))', () => {
    expect(turnCredential('coturn-shared-secret', 'patient-abc', new Date(1_700_007_200_000))).toEqual({
      username: '1700007200:patient-abc',
      credential: 'UoRlpy2ZhXzaMV6yBnlkmUn7Gvg=',
    });
  });

  it('the expiry is whole seconds, rounded down: a credential never outlives the moment given', () => {
    expect(turnCredential('coturn-shared-secret', 'patient-abc', new Date(1_700_007_200_999)).username).toBe(
      '1700007200:patient-abc',
    );
  });

  it('another secret, uid or expiry gives another credential', () => {
    const closesAt = new Date(1_700_007_200_000);
    const base = turnCredential('coturn-shared-secret', 'patient-abc', closesAt).credential;
    expect(turnCredential('another-secret', 'patient-abc', closesAt).credential).not.toBe(base);
    expect(turnCredential('coturn-shared-secret', 'patient-abd', closesAt).credential).not.toBe(base);
    expect(turnCredential('coturn-shared-secret', 'patient-abc', new Date(1_700_010_800_000)).credential).not.toBe(base);
  });
});

describe('ICE servers from configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('none configured: no servers, the peers can only connect directly', () => {
    process.env.STUN_URLS = '';
    process.env.TURN_URLS = '';
    expect(iceServersFor('patient-abc', new Date(1_700_007_200_000))).toEqual([]);
  });

  it('STUN as configured; TURN with credentials minted for the caller, expiring at the moment given', () => {
    process.env.STUN_URLS = 'stun:turn.example.com:3478';
    process.env.TURN_URLS = ' turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349 ,';
    process.env.TURN_SHARED_SECRET = 'coturn-shared-secret';
    expect(iceServersFor('patient-abc', new Date(1_700_007_200_000))).toEqual([
      { urls: ['stun:turn.example.com:3478'] },
      {
        urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        username: '1700007200:patient-abc',
        credential: 'UoRlpy2ZhXzaMV6yBnlkmUn7Gvg=',
      },
    ]);
  });
});
