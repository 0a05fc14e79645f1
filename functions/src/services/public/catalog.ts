import type { Query } from 'firebase-admin/firestore';
import type { Doctor } from '../../api/types';
import {
  doctorsCollection,
  labsCollection,
  packagesCollection,
  productCategoriesCollection,
  productsCollection,
  projectsCollection,
} from '../../store/catalog';

/** The specialty filter value that means every doctor (docs/api.md: /doctors?specialty=All). */
export const ALL_SPECIALTIES = 'All';

/** Every document of a typed query (store/catalog.ts converts them). */
const list = async <T>(query: Query<T>): Promise<T[]> => (await query.get()).docs.map((doc) => doc.data());

const byText =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/** Packages in the order the pricing page shows them. */
export const listPackages = () => list(packagesCollection().orderBy('order'));

/** Doctors of one specialty, or all of them; sorted by surname (few documents, sorted here so no index is needed). */
export async function listDoctors(specialty: string = ALL_SPECIALTIES): Promise<Doctor[]> {
  const all = doctorsCollection();
  const doctors = await list(specialty === ALL_SPECIALTIES ? all : all.where('specialty', '==', specialty));
  return doctors.sort(byText((d) => `${d.surname} ${d.otherNames}`));
}

export const listLabTests = async () => (await list(labsCollection())).sort(byText((l) => l.itemName));

export const listProducts = async () => (await list(productsCollection())).sort(byText((p) => p.productName));

export const listProductCategories = async () => (await list(productCategoriesCollection())).sort(byText((c) => c.itemName));

/** Projects, newest first. */
export const listProjects = async () => (await list(projectsCollection())).sort(byText((p) => p.date)).reverse();
