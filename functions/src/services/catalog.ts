import type { DocumentData, Query } from 'firebase-admin/firestore';
import type { Doctor, LabTest, Package, Product, ProductCategory, Project } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';

/** The specialty filter value that means every doctor (spec: /doctors?specialty=All). */
export const ALL_SPECIALTIES = 'All';

/** Every document of a query as a plain object with its id. */
async function list<T>(query: Query<DocumentData>): Promise<T[]> {
  const snapshot = await query.get();
  return snapshot.docs.map((doc) => ({ ...doc.data(), id: doc.id }) as T);
}

const byText =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/** Packages in the order the pricing page shows them. */
export const listPackages = () => list<Package>(db().collection(COLLECTIONS.packages).orderBy('order'));

/** Doctors of one specialty, or all of them; sorted by surname (few documents, sorted here so no index is needed). */
export async function listDoctors(specialty: string = ALL_SPECIALTIES): Promise<Doctor[]> {
  const all = db().collection(COLLECTIONS.doctors);
  const query = specialty === ALL_SPECIALTIES ? all : all.where('specialty', '==', specialty);
  const doctors = await list<Doctor & { id: string }>(query);
  // doctorId is the document id; the answer keeps the spec's field and no extra id.
  return doctors
    .map(({ id, ...d }) => ({ ...d, doctorId: d.doctorId ?? id }))
    .sort(byText((d) => `${d.surname} ${d.otherNames}`));
}

export const listLabTests = async () => (await list<LabTest>(db().collection(COLLECTIONS.labs))).sort(byText((l) => l.itemName));

export const listProducts = async () =>
  (await list<Product>(db().collection(COLLECTIONS.products))).sort(byText((p) => p.productName));

export const listProductCategories = async () =>
  (await list<ProductCategory>(db().collection(COLLECTIONS.productCategories))).sort(byText((c) => c.itemName));

/** Projects, newest first. */
export const listProjects = async () =>
  (await list<Project>(db().collection(COLLECTIONS.projects))).sort(byText<Project>((p) => p.date)).reverse();
