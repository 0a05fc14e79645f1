/**
 * What a catalog document must hold: the seed (npm start, the tests) and the production import
 * (npm run catalog:import) both validate with these before writing, so a catalog the site
 * cannot show or the server cannot price never reaches Firestore.
 */
import { array, mixed, number, object, string, ValidationError, type ObjectSchema } from 'yup';
import { ID_PATTERN } from '../api/ids';
import type { Allowance, PackageBenefits } from '../api/subscriptions-contract';
import type { Doctor, LabTest, Package, PackageItem, PackagePrice, Product, ProductCategory, Project } from '../api/types';

/**
 * A package's benefits read from its own items ('2 per month', 'Unlimited', '10%', 'Up to 5
 * people'), so the table people read and the rules the server applies say the same.
 * Anything else ('On request', 'Negotiated', 'On-site clinics') gives nothing automatic.
 */
export function benefitsFromItems(items: PackageItem[]): PackageBenefits {
  const value = (itemName: string) => items.find((i) => i.itemName === itemName)?.itemValue ?? '';
  const perMonth = (text: string): Allowance =>
    /unlimited/i.test(text) ? 'unlimited' : Number(/(\d+)\s*per month/i.exec(text)?.[1] ?? 0);
  return {
    virtualConsultationsPerPeriod: perMonth(value('Virtual doctor consultations')),
    labDiscountPercent: Number(/(\d+)\s*%/.exec(value('Lab tests discount'))?.[1] ?? 0),
    homeVisitsPerPeriod: perMonth(value('Nurse home visits')),
    people: Math.max(1, Number(/(\d+)/.exec(value('People covered'))?.[1] ?? 1)),
  };
}

const id = (label: string) =>
  string().required(`${label} is required.`).matches(ID_PATTERN, `${label} must be an id (letters, digits, _ or -).`);
const text = (label: string, max = 500) =>
  string().trim().required(`${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
/** GHS amounts: never negative, at most two decimals (pesewas). */
const money = (label: string) =>
  number()
    .typeError(`${label} must be a number.`)
    .required(`${label} is required.`)
    .min(0, `${label} must not be negative.`)
    .test('pesewas', `${label} must have at most two decimals.`, (v) => v === undefined || Math.round(v * 100) === v * 100);

const packageItem: ObjectSchema<PackageItem> = object({
  itemName: text('itemName', 100),
  itemValue: text('itemValue', 100),
  benefit: text('benefit', 200),
});

export const packageSchema: ObjectSchema<Omit<Package, 'benefits'>> = object({
  id: id('id'),
  order: number().typeError('order must be a number.').required('order is required.').integer('order must be whole.'),
  packageTitle: text('packageTitle', 100),
  packagePrice: mixed<PackagePrice>()
    .required('packagePrice is required.')
    .test(
      'price',
      "packagePrice must be an amount in GHS, 'Free' or 'Custom Pricing'.",
      (v) => v === 'Free' || v === 'Custom Pricing' || (typeof v === 'number' && v > 0 && Math.round(v * 100) === v * 100),
    ),
  packageItems: array(packageItem).required('packageItems is required.').min(1, 'packageItems must list at least one row.'),
});

export const doctorSchema: ObjectSchema<Doctor> = object({
  doctorId: id('doctorId'),
  surname: text('surname', 100),
  otherNames: text('otherNames', 100),
  specialty: text('specialty', 100),
  consultationFee: money('consultationFee'),
  doctorPicture: string().default('').max(500, 'doctorPicture must be at most 500 characters.'),
});

export const labTestSchema: ObjectSchema<LabTest> = object({
  id: id('id'),
  itemName: text('itemName', 200),
  itemPrice: money('itemPrice'),
});

export const productCategorySchema: ObjectSchema<ProductCategory> = object({ id: id('id'), itemName: text('itemName', 100) });

export const productSchema: ObjectSchema<Product> = object({
  id: id('id'),
  productName: text('productName', 100),
  productImage: text('productImage', 500),
  price: money('price'),
  description: text('description', 1000),
  category: text('category', 100),
});

export const projectSchema: ObjectSchema<Project> = object({
  id: id('id'),
  title: text('title', 200),
  location: text('location', 200),
  date: string()
    .required('date is required.')
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'date must be yyyy-MM-dd.'),
  description: text('description', 1000),
});

/** A whole catalog, as the import file holds it (the seed's own is seed/catalog.json). */
export interface Catalog {
  packages: Package[];
  doctors: Doctor[];
  labs: LabTest[];
  productCategories: ProductCategory[];
  products: Product[];
  projects: Project[];
}

const SCHEMAS = {
  packages: packageSchema,
  doctors: doctorSchema,
  labs: labTestSchema,
  productCategories: productCategorySchema,
  products: productSchema,
  projects: projectSchema,
} as const;

export const CATALOG_SECTIONS = Object.keys(SCHEMAS) as (keyof Catalog)[];

const keyOf = (section: keyof Catalog, entry: Record<string, unknown>) =>
  String(section === 'doctors' ? entry.doctorId : entry.id);

/**
 * The catalog, validated and cast (packages get their benefits from their items), or an Error listing every problem as `section[index].field: message`.
 */
export function validateCatalog(input: unknown): Catalog {
  const problems: string[] = [];
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('The catalog must be a JSON object.');
  const raw = input as Record<string, unknown>;
  for (const name of Object.keys(raw))
    if (!CATALOG_SECTIONS.includes(name as keyof Catalog))
      problems.push(`${name}: not a catalog section (${CATALOG_SECTIONS.join(', ')}).`);
  const catalog = {} as Record<keyof Catalog, Record<string, unknown>[]>;
  for (const section of CATALOG_SECTIONS) {
    const entries = raw[section];
    if (!Array.isArray(entries)) {
      problems.push(`${section}: must be a list.`);
      continue;
    }
    const seen = new Set<string>();
    catalog[section] = entries.map((entry, index) => {
      try {
        const valid = SCHEMAS[section].validateSync(entry, { abortEarly: false, stripUnknown: true }) as Record<string, unknown>;
        const key = keyOf(section, valid);
        if (seen.has(key)) problems.push(`${section}[${index}]: ${key} appears twice.`);
        seen.add(key);
        return valid;
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        for (const e of err.inner.length ? err.inner : [err])
          problems.push(`${section}[${index}]${e.path ? `.${e.path}` : ''}: ${e.message}`);
        return {};
      }
    });
  }
  const categories = new Set((catalog.productCategories ?? []).map((c) => c.itemName));
  (catalog.products ?? []).forEach((p, i) => {
    if (p.category && !categories.has(p.category))
      problems.push(`products[${i}].category: '${String(p.category)}' is not a product category's itemName.`);
  });
  if (problems.length) throw new Error(`The catalog is not valid:\n  ${problems.join('\n  ')}`);
  const result = catalog as unknown as Catalog;
  result.packages = result.packages.map((p) => ({ ...p, benefits: benefitsFromItems(p.packageItems) }));
  return result;
}
