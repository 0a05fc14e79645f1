import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createTestUser } from '../../test-support/auth';

/** `npm run grant` against the local emulators, as an operator runs it. */
const SCRIPT = join(__dirname, '../../../../scripts/grant.mjs');

// Run without blocking this worker: a synchronous spawn froze its event loop for seconds, and
// the Auth emulator closed the worker's idle keep-alive sockets meanwhile ("other side closed").
async function grant(...args: string[]) {
  try {
    const run = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env }, // Jest's copy, which its setup filled (the emulators' hosts, the project)
    });
    return { code: 0, out: run.stdout, err: run.stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? null, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

describe('npm run grant', () => {
  it('when the account has verified its e-mail, then it gets the role and a roster entry', async () => {
    const person = await createTestUser({ patient: 'none', emailVerified: true });
    const run = await grant(person.email, 'staff');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${person.email} is now staff`);
    expect((await auth().getUser(person.uid)).customClaims).toEqual({ role: 'staff' });
    expect((await db().collection(COLLECTIONS.staffMembers).doc(person.uid).get()).get('role')).toBe('staff');
  });

  it('when the account has not verified its e-mail, then it refuses with one clear line and changes nothing', async () => {
    const person = await createTestUser({ patient: 'none' });
    const run = await grant(person.email, 'admin');
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
    expect((await grant(person.email, 'staff')).code).toBe(0);
    const before = (await auth().getUser(person.uid)).tokensValidAfterTime;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await grant(person.email, 'admin')).code).toBe(0);
    const after = (await auth().getUser(person.uid)).tokensValidAfterTime;
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
  });
});
