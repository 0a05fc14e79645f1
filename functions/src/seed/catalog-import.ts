import { isDeepStrictEqual } from 'node:util';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../store/collections';
import { validateCatalog, type Catalog } from './catalog-schema';
import { seedAvailability } from './schedules';

/** Each catalog entry as the document the site reads: the same shape for the seed and the import. */
export function catalogDocuments(catalog: Catalog): { collection: string; id: string; data: object }[] {
  const withoutId = <T extends { id: string }>({ id, ...data }: T) => ({ id, data });
  return [
    ...catalog.packages.map((p) => ({ collection: COLLECTIONS.packages, ...withoutId(p) })),
    ...catalog.doctors.map((d) => ({ collection: COLLECTIONS.doctors, id: d.doctorId, data: d })),
    ...catalog.labs.map((l) => ({ collection: COLLECTIONS.labs, ...withoutId(l) })),
    ...catalog.productCategories.map((c) => ({ collection: COLLECTIONS.productCategories, ...withoutId(c) })),
    ...catalog.products.map((p) => ({ collection: COLLECTIONS.products, ...withoutId(p) })),
    ...catalog.projects.map((p) => ({ collection: COLLECTIONS.projects, ...withoutId(p) })),
  ];
}

export interface ImportResult {
  written: number;
  unchanged: number;
  /** Doctor schedules and service capacities created where none was set. */
  availability: number;
}

/** Firestore's limit of writes in one batch. */
const BATCH = 500;

/**
 * Loads a catalog file's contents into Firestore (npm run catalog:import): validated whole
 * first (nothing is written when any entry is wrong), then each document set by its fixed id
 * only when it differs from what is stored, so a second run writes nothing. Entries missing from
 * the file are left as they are (orders and appointments refer to them).
 */
export async function importCatalog(db: Firestore, input: unknown): Promise<ImportResult> {
  const catalog = validateCatalog(input);
  const docs = catalogDocuments(catalog);
  const refs: DocumentReference[] = docs.map((d) => db.collection(d.collection).doc(d.id));
  const stored = refs.length ? await db.getAll(...refs) : [];
  const changed = docs.map((d, i) => ({ ...d, ref: refs[i] })).filter((d, i) => !isDeepStrictEqual(stored[i].data(), d.data));
  for (let start = 0; start < changed.length; start += BATCH) {
    const batch = db.batch();
    for (const d of changed.slice(start, start + BATCH)) batch.set(d.ref, d.data);
    await batch.commit();
  }
  const availability = await seedAvailability(db, catalog.doctors);
  return { written: changed.length, unchanged: docs.length - changed.length, availability };
}
