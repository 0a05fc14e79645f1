import type { CollectionReference, DocumentData } from 'firebase-admin/firestore';
import type { Doctor, LabTest, Package, Product, ProductCategory, Project } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';

/**
 * Firestore access for the catalog the site shows (seeded, read-only for the API): each
 * collection typed in and out by its converter.
 */

/** The document id is the item's `id`, whatever the stored fields say. */
const withDocId =
  <T>() =>
  (data: DocumentData, id: string) =>
    ({ ...data, id }) as T;

export const packagesCollection = () => db().collection(COLLECTIONS.packages).withConverter(typedConverter(withDocId<Package>()));

/** doctorId is the document id when the stored fields lack it; the answer carries no other id. */
export const doctorsCollection = () =>
  db()
    .collection(COLLECTIONS.doctors)
    .withConverter(
      typedConverter<Doctor>(({ id: _storedId, ...data }, id) => ({ ...data, doctorId: data.doctorId ?? id }) as Doctor),
    );

export const labsCollection = () => db().collection(COLLECTIONS.labs).withConverter(typedConverter(withDocId<LabTest>()));

export const productsCollection = () => db().collection(COLLECTIONS.products).withConverter(typedConverter(withDocId<Product>()));

export const productCategoriesCollection = () =>
  db().collection(COLLECTIONS.productCategories).withConverter(typedConverter(withDocId<ProductCategory>()));

export const projectsCollection = () => db().collection(COLLECTIONS.projects).withConverter(typedConverter(withDocId<Project>()));

/** The documents with these ids, in order; a missing one is undefined, named by its id in `missing`. */
async function byIds<T>(collection: CollectionReference<T>, ids: string[]) {
  const snaps = await Promise.all(ids.map((id) => collection.doc(id).get()));
  return {
    found: snaps.flatMap((s) => (s.exists ? [s.data() as T] : [])),
    missing: snaps.filter((s) => !s.exists).map((s) => s.id),
  };
}

export const labsById = (ids: string[]) => byIds(labsCollection(), ids);
export const productsById = (ids: string[]) => byIds(productsCollection(), ids);

export const doctorById = async (doctorId: string) => (await doctorsCollection().doc(doctorId).get()).data();
export const packageById = async (packageId: string) => (await packagesCollection().doc(packageId).get()).data();
