import request from 'supertest';
import { createApp } from '../../app';
import { DOCTORS, LAB_TESTS, PACKAGES, PRODUCT_CATEGORIES, PRODUCTS, PROJECTS } from '../../seed/catalog';
import { seedCatalog } from '../../seed/seed';
import { db } from '../../store/firebase';
import { CATALOG_CACHE_CONTROL } from '../catalog';

const app = createApp();

beforeAll(async () => {
  await seedCatalog(db());
});

/** The seeded ids, in the order the answer lists them (other tests may add documents of their own). */
const seededOrder = (answer: { id?: string; doctorId?: string }[], ids: string[]) =>
  answer.map((x) => x.id ?? x.doctorId).filter((id): id is string => ids.includes(id as string));

async function getOk(path: string) {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  expect(res.body.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe(CATALOG_CACHE_CONTROL);
  return res.body.data as Record<string, unknown>[];
}

describe('the public catalog', () => {
  it('when GET /api/packages, then the packages come in their order, each with its id and items', async () => {
    const data = await getOk('/api/packages');
    expect(
      seededOrder(
        data,
        PACKAGES.map((p) => p.id),
      ),
    ).toEqual(['individual', 'student', 'family-care', 'corporate-wellness']);
    const student = data.find((p) => p.id === 'student');
    expect(student).toMatchObject({ packageTitle: 'Student Package', packagePrice: 49 });
    expect(student?.packageItems).toEqual(PACKAGES[1].packageItems);
    expect(data.find((p) => p.id === 'individual')?.packagePrice).toBe('Free');
    expect(data.find((p) => p.id === 'family-care')?.benefits).toEqual({
      virtualConsultationsPerPeriod: 'unlimited',
      labDiscountPercent: 20,
      homeVisitsPerPeriod: 2,
      people: 5,
    });
    expect(data.find((p) => p.id === 'corporate-wellness')?.packagePrice).toBe('Custom Pricing');
  });

  it('when GET /doctors?specialty=All (or no filter), then every seeded doctor is listed with the spec fields', async () => {
    for (const path of ['/api/doctors?specialty=All', '/doctors']) {
      const data = await getOk(path);
      expect(
        seededOrder(
          data,
          DOCTORS.map((d) => d.doctorId),
        ).sort(),
      ).toEqual(DOCTORS.map((d) => d.doctorId).sort());
      expect(data.find((d) => d.doctorId === 'dr-boateng')).toEqual(DOCTORS.find((d) => d.doctorId === 'dr-boateng'));
    }
  });

  it('when GET /doctors?specialty=General Practice, then only doctors of that specialty come back', async () => {
    const data = await getOk(`/api/doctors?specialty=${encodeURIComponent('General Practice')}`);
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.every((d) => d.specialty === 'General Practice')).toBe(true);
    expect(
      seededOrder(
        data,
        DOCTORS.map((d) => d.doctorId),
      ),
    ).toEqual(['dr-danso', 'dr-mensah']);
  });

  it('when the specialty is unknown, then the list is empty; when it is absurdly long, then 400 names it', async () => {
    expect(await getOk('/api/doctors?specialty=Astrology')).toEqual([]);
    const res = await request(app).get(`/api/doctors?specialty=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/specialty/);
  });

  it('when GET /labs/prices, then each lab test has its id, name and price', async () => {
    const data = await getOk('/api/labs/prices');
    for (const lab of LAB_TESTS) expect(data).toContainEqual(lab);
  });

  it('when GET /products, then the built-in products come back at their prices', async () => {
    const data = await getOk('/api/products');
    for (const product of PRODUCTS) expect(data).toContainEqual(product);
    const prices = Object.fromEntries(data.map((p) => [p.productName, p.price]));
    expect(prices).toMatchObject({ Paracetamol: 10, Ibuprofen: 15, 'Vitamin C': 25 });
  });

  it('when GET /products/categories, then the categories come back by name', async () => {
    const data = await getOk('/api/products/categories');
    for (const category of PRODUCT_CATEGORIES) expect(data).toContainEqual(category);
    const names = data.map((c) => c.itemName as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('when GET /projects, then the projects come back newest first', async () => {
    const data = await getOk('/api/projects');
    for (const project of PROJECTS) expect(data).toContainEqual(project);
    expect(
      seededOrder(
        data,
        PROJECTS.map((p) => p.id),
      ),
    ).toEqual(['school-wellness', 'farmers-outreach', 'ashaiman-screening']);
  });
});
