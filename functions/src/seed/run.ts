/** `node functions/lib/seed/run.js`: loads the catalog into the emulator that FIRESTORE_EMULATOR_HOST names. */
import { db } from '../store/firebase';
import { seedCatalog } from './seed';

seedCatalog(db())
  .then((count) => console.log(`Seeded the catalog: ${count} documents.`))
  .catch((err: unknown) => {
    console.error('Seeding the catalog failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
