/** `node functions/lib/seed/run.js`: loads the catalog and the local staff accounts into the emulators the environment names. */
import { auth, db } from '../store/firebase';
import { seedHolidays } from './holidays';
import { seedCatalog } from './seed';
import { seedStaffAccounts } from './staff';

async function run() {
  console.log(`Seeded the catalog: ${await seedCatalog(db())} documents.`);
  console.log(`Seeded ${await seedStaffAccounts(auth(), db())} staff accounts.`);
  // npm start's stack closes the coming public holidays; the test stacks do not (SEED_HOLIDAYS unset),
  // so a test's booking on a random day never meets one (the holiday seed has its own test).
  if (process.env.SEED_HOLIDAYS === 'yes')
    console.log(`Closed ${await seedHolidays(db())} public holidays of the next 12 months.`);
}

run().catch((err: unknown) => {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
