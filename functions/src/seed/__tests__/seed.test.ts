import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { seedCatalog } from '../seed';

describe('seedCatalog against the Firestore emulator', () => {
  it('when run twice, then the catalog holds the same documents once', async () => {
    await seedCatalog(db());
    await seedCatalog(db());
    const packages = await db().collection(COLLECTIONS.packages).orderBy('order').get();
    expect(packages.docs.map((d) => d.get('packageTitle'))).toEqual([
      'Individual Package',
      'Student Package',
      'Family Care Package',
      'Corporate Wellness Package',
    ]);
    expect(packages.docs.map((d) => d.get('packagePrice'))).toEqual(['Free', 49, 249, 'Custom Pricing']);
  });

  it('holds the built-in products at their prices', async () => {
    await seedCatalog(db());
    const products = await db().collection(COLLECTIONS.products).get();
    const prices = Object.fromEntries(products.docs.map((d) => [d.get('productName'), d.get('price')]));
    expect(prices).toMatchObject({ Paracetamol: 10, Ibuprofen: 15, 'Vitamin C': 25 });
  });

  it('gives every package the same feature rows, so the Compare Features table lines up', async () => {
    await seedCatalog(db());
    const packages = await db().collection(COLLECTIONS.packages).get();
    const rows = packages.docs.map((d) => (d.get('packageItems') as { itemName: string }[]).map((i) => i.itemName));
    rows.forEach((r) => expect(r).toEqual(rows[0]));
  });
});
