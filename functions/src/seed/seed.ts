import type { Firestore } from 'firebase-admin/firestore';
import { SEED_CATALOG } from './catalog';
import { catalogDocuments } from './catalog-import';
import { seedAvailability } from './schedules';

/** Writes the catalog with fixed ids: running it again leaves the same documents. */
export async function seedCatalog(db: Firestore): Promise<number> {
  const batch = db.batch();
  for (const { collection, id, data } of catalogDocuments(SEED_CATALOG)) batch.set(db.collection(collection).doc(id), data);
  const written = await batch.commit();
  return written.length + (await seedAvailability(db));
}
