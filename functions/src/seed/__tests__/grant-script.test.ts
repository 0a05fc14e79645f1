import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createTestUser } from '../../test-support/auth';

/** `npm run grant` against the local emulators, as an operator runs it. */
const SCRIPT = join(__dirname, '../../../../scripts/grant.mjs');

function grant(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run grant', () => {
  it('when the account has verified its e-mail, then it gets the role and a roster entry', async () => {
    const person = await createTestUser({ patient: 'none', emailVerified: true });
    const run = grant(person.email, 'staff');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${person.email} is now staff`);
    expect((await auth().getUser(person.uid)).customClaims).toEqual({ role: 'staff' });
    expect((await db().collection(COLLECTIONS.staffMembers).doc(person.uid).get()).get('role')).toBe('staff');
  });

  it('when the account has not verified its e-mail, then it refuses with one clear line and changes nothing', async () => {
    const person = await createTestUser({ patient: 'none' });
    const run = grant(person.email, 'admin');
    expect(run.code).toBe(1);
    expect(run.err.split('\n')[0]).toMatch(
      new RegExp(
        `^${person.email.replace(/[.]/g, '\\.')} has not verified its e-mail address in the Auth emulator at .*: roles go only to verified accounts\\.`,
      ),
    );
    expect((await auth().getUser(person.uid)).customClaims ?? {}).toEqual({});
    expect((await db().collection(COLLECTIONS.staffMembers).doc(person.uid).get()).exists).toBe(false);
  });

  it("when a holder's role is changed, then their refresh tokens are revoked", async () => {
    const person = await createTestUser({ patient: 'none', emailVerified: true });
    expect(grant(person.email, 'staff').code).toBe(0);
    const before = (await auth().getUser(person.uid)).tokensValidAfterTime;
    await new Promise((r) => setTimeout(r, 1100));
    expect(grant(person.email, 'admin').code).toBe(0);
    const after = (await auth().getUser(person.uid)).tokensValidAfterTime;
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
  });
});
