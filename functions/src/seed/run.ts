/** `node functions/lib/seed/run.js`: loads the catalog and the local staff accounts into the emulators the environment names. */
import { auth, db } from '../store/firebase';
import { seedCatalog } from './seed';
import { seedStaffAccounts } from './staff';

async function run() {
  console.log(`Seeded the catalog: ${await seedCatalog(db())} documents.`);
  console.log(`Seeded ${await seedStaffAccounts(auth(), db())} staff accounts.`);
}

run().catch((err: unknown) => {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
