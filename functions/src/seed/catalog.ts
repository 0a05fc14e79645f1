/**
 * The catalog the site starts with: packages, doctors, lab tests, products and projects.
 * `npm start` and the tests load it through seedCatalog(); ids are fixed so loading twice
 * changes nothing. Its entries are data, in catalog.json: the very shape of a file for
 * `npm run catalog:import` (docs/operations.md), checked here by the import's own schemas, which
 * also give each package its benefits from its items.
 */
import data from './catalog.json';
import { validateCatalog, type Catalog } from './catalog-schema';

export const SEED_CATALOG: Catalog = validateCatalog(data);

export const {
  packages: PACKAGES,
  doctors: DOCTORS,
  labs: LAB_TESTS,
  productCategories: PRODUCT_CATEGORIES,
  products: PRODUCTS,
  projects: PROJECTS,
} = SEED_CATALOG;
