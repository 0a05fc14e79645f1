/**
 * The production catalog import (npm run catalog:import) against the Firestore emulator, each
 * case in a project of its own so the seeded catalog other tests read stays as it is.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../store/collections';
import { db as defaultDb } from '../../store/firebase';
import { catalogDocuments, importCatalog } from '../catalog-import';
import { validateCatalog } from '../catalog-schema';
import { SEED_CATALOG } from '../catalog';

const ROOT = join(__dirname, '../../../..');
const CATALOG_FILE = join(ROOT, 'functions/src/seed/catalog.json');
const catalogFile = () => JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as Record<string, Record<string, unknown>[]>;
const run = Date.now().toString(36);

const apps: App[] = [];
function projectDb(name: string): Firestore {
  defaultDb(); // the store's own app first: it takes the first app there is
  const app = initializeApp({ projectId: `demo-catalog-${name}-${run}` }, `catalog-${name}-${run}`);
  apps.push(app);
  return getFirestore(app);
}
afterAll(() => Promise.all(apps.map((app) => deleteApp(app))));

describe('importCatalog', () => {
  it("when the seed's catalog file is imported twice, then the first run writes every document and the second changes nothing", async () => {
    const db = projectDb('twice');
    const first = await importCatalog(db, catalogFile());
    const total = catalogDocuments(SEED_CATALOG).length;
    expect(first).toEqual({ written: total, unchanged: 0, availability: expect.any(Number) });
    expect(first.availability).toBeGreaterThan(0);
    const before = (await db.collection(COLLECTIONS.packages).get()).docs.map((d) => [d.id, d.updateTime.toMillis()]);

    expect(await importCatalog(db, catalogFile())).toEqual({ written: 0, unchanged: total, availability: 0 });
    const after = (await db.collection(COLLECTIONS.packages).get()).docs.map((d) => [d.id, d.updateTime.toMillis()]);
    expect(after).toEqual(before);
    const family = await db.collection(COLLECTIONS.packages).doc('family-care').get();
    expect(family.data()).toMatchObject({ packageTitle: 'Family Care Package', packagePrice: 249, benefits: { people: 5 } });
  });

  it('when one price changes in the file, then only that document is written', async () => {
    const db = projectDb('price');
    await importCatalog(db, catalogFile());
    const catalog = catalogFile();
    catalog.labs[0].itemPrice = 65;
    expect(await importCatalog(db, catalog)).toMatchObject({ written: 1, availability: 0 });
    expect((await db.collection(COLLECTIONS.labs).doc(String(catalog.labs[0].id)).get()).get('itemPrice')).toBe(65);
  });

  it('when entries are wrong, then every problem is listed with its place and nothing is written', async () => {
    const db = projectDb('invalid');
    const catalog = catalogFile();
    catalog.packages[1].packagePrice = -49;
    catalog.doctors[0].consultationFee = 'a lot';
    catalog.products[0].category = 'Sweets';
    catalog.projects[0].date = '15/03/2025';
    catalog.labs.push({ ...catalog.labs[0] });
    await expect(importCatalog(db, catalog)).rejects.toThrow(
      [
        'The catalog is not valid:',
        "  packages[1].packagePrice: packagePrice must be an amount in GHS, 'Free' or 'Custom Pricing'.",
        '  doctors[0].consultationFee: consultationFee must be a number.',
        `  labs[${catalog.labs.length - 1}]: fbc appears twice.`,
        '  projects[0].date: date must be yyyy-MM-dd.',
        "  products[0].category: 'Sweets' is not a product category's itemName.",
      ].join('\n'),
    );
    expect((await db.collection(COLLECTIONS.packages).get()).size).toBe(0);
  });

  it("the seed's catalog file passes the import's schemas and makes the documents the seed writes", () => {
    expect(catalogDocuments(validateCatalog(catalogFile()))).toEqual(catalogDocuments(SEED_CATALOG));
  });
});

describe('npm run catalog:import (the script an operator runs)', () => {
  const cli = (project: string, file: string) =>
    spawnSync(process.execPath, ['scripts/catalog-import.mjs', file], {
      cwd: ROOT,
      encoding: 'utf8',
      // Against the emulator no Google metadata server is asked (on a machine with a network, its
      // refusal is printed as a warning on stderr, which this test reads for the script's own errors).
      env: { ...process.env, GCLOUD_PROJECT: project, INIT_CWD: ROOT, METADATA_SERVER_DETECTION: 'none' },
    });

  it("when run twice on the seed's catalog file, then the second run reports nothing written", () => {
    const project = `demo-catalog-cli-${run}`;
    const first = cli(project, 'functions/src/seed/catalog.json');
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/: 33 documents written, 0 unchanged, \d+ doctor schedules and service capacities created\./);
    const second = cli(project, 'functions/src/seed/catalog.json');
    expect(second.stdout).toMatch(/: 0 documents written, 33 unchanged, 0 doctor schedules and service capacities created\./);
    expect(second.status).toBe(0);
  });

  it('when the file is not JSON, then it says so and exits 1', () => {
    const result = cli(`demo-catalog-cli-bad-${run}`, 'README.md');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/README\.md is not a readable JSON file/);
  });
});
