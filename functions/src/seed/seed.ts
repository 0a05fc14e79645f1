import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../store/collections';
import { DOCTORS, LAB_TESTS, PACKAGES, PRODUCT_CATEGORIES, PRODUCTS, PROJECTS } from './catalog';
import { seedAvailability } from './schedules';

/** Writes the catalog with fixed ids: running it again leaves the same documents. */
export async function seedCatalog(db: Firestore): Promise<number> {
  const batch = db.batch();
  const put = (collection: string, id: string, data: object) => batch.set(db.collection(collection).doc(id), data);
  PACKAGES.forEach(({ id, ...data }) => put(COLLECTIONS.packages, id, data));
  DOCTORS.forEach((d) => put(COLLECTIONS.doctors, d.doctorId, d));
  LAB_TESTS.forEach(({ id, ...data }) => put(COLLECTIONS.labs, id, data));
  PRODUCT_CATEGORIES.forEach(({ id, ...data }) => put(COLLECTIONS.productCategories, id, data));
  PRODUCTS.forEach(({ id, ...data }) => put(COLLECTIONS.products, id, data));
  PROJECTS.forEach(({ id, ...data }) => put(COLLECTIONS.projects, id, data));
  const written = await batch.commit();
  return written.length + (await seedAvailability(db));
}
