import type { Firestore } from 'firebase-admin/firestore';
import { DOCTORS, LAB_TESTS, PACKAGES, PRODUCT_CATEGORIES, PRODUCTS, PROJECTS } from './catalog';
import { catalogDocuments } from './catalog-import';
import { validateCatalog } from './catalog-schema';
import { seedAvailability } from './schedules';

/** The built-in catalog, checked by the same schemas as an imported one. */
export const seedCatalogData = () =>
  validateCatalog({
    packages: PACKAGES,
    doctors: DOCTORS,
    labs: LAB_TESTS,
    productCategories: PRODUCT_CATEGORIES,
    products: PRODUCTS,
    projects: PROJECTS,
  });

/** Writes the catalog with fixed ids: running it again leaves the same documents. */
export async function seedCatalog(db: Firestore): Promise<number> {
  const batch = db.batch();
  for (const { collection, id, data } of catalogDocuments(seedCatalogData())) batch.set(db.collection(collection).doc(id), data);
  const written = await batch.commit();
  return written.length + (await seedAvailability(db));
}
