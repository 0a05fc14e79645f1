import { Router, type Request, type RequestHandler } from 'express';
import { badRequest } from '../http/errors';
import { ok } from '../http/envelope';
import {
  ALL_SPECIALTIES,
  listDoctors,
  listLabTests,
  listPackages,
  listProductCategories,
  listProducts,
  listProjects,
} from '../services/public/catalog';

/** The catalog changes rarely: browsers keep it a minute, the Hosting CDN five. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';

const MAX_SPECIALTY_LENGTH = 100;

/** A GET answered from the catalog, cacheable by the CDN (Express 5 passes a rejection to the error handler). */
const cached =
  (load: (req: Request) => Promise<unknown>): RequestHandler =>
  async (req, res) => {
    const data = await load(req);
    res.set('Cache-Control', CATALOG_CACHE_CONTROL);
    ok(res, data);
  };

function specialtyOf(query: unknown): string {
  if (query === undefined || query === '') return ALL_SPECIALTIES;
  if (typeof query !== 'string' || query.length > MAX_SPECIALTY_LENGTH) {
    throw badRequest(`specialty must be ${ALL_SPECIALTIES} or one specialty name of at most ${MAX_SPECIALTY_LENGTH} characters.`);
  }
  return query.trim();
}

export const catalogRouter = Router();

/** Each list of the catalog: its path and how it is read. */
const LISTS: [path: string, load: (req: Request) => Promise<unknown>][] = [
  ['/packages', () => listPackages()],
  ['/doctors', (req) => listDoctors(specialtyOf(req.query.specialty))],
  ['/labs/prices', () => listLabTests()],
  ['/products', () => listProducts()],
  ['/products/categories', () => listProductCategories()],
  ['/projects', () => listProjects()],
];
for (const [path, load] of LISTS) catalogRouter.get(path, cached(load));
