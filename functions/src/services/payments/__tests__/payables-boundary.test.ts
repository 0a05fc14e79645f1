import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTIONS } from '../../../store/collections';

/**
 * Payments never branches on a payable's kind nor touches a kind's records (docs/money.md
 * "Payables"): each kind is one implementation in its own domain, registered with payments.
 * This reads every file of services/payments and counts what would break that.
 */
const PAYMENTS = join(__dirname, '..');
const files = readdirSync(PAYMENTS)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(PAYMENTS, f), 'utf8') }));

/** Payments' own collections: the ledger, the provider transactions, the alerts, the refunds, the leases. */
const OWN = new Set<string>([
  COLLECTIONS.payments,
  COLLECTIONS.providerTransactions,
  COLLECTIONS.paymentAlerts,
  COLLECTIONS.refunds,
  COLLECTIONS.settlementLeases,
]);
const OTHERS = Object.entries(COLLECTIONS).filter(([, name]) => !OWN.has(name));

/** A comparison with a named kind: `kind === 'appointment'`, `'order' !== p.kind`, `PAYABLE_KIND.renewal`. */
const KIND_BRANCH = /\bkind\s*[!=]==?\s*['"`]|['"`]\s*[!=]==?\s*[\w.]*kind\b|PAYABLE_KIND\./g;
/** A kind's records reached other than through its registered implementation. */
const KIND_MODULES =
  /from '(\.\.\/\.\.\/store\/(appointments|orders|subscriptions|mandates)|\.\.\/(booking|packages|orders)\/[^']*)'/g;
/** Another domain's collection, by its constant or by its name in quotes. */
const otherCollections = (text: string) =>
  OTHERS.filter(([key, name]) => new RegExp(`COLLECTIONS\\.${key}\\b|['"\`]${name}['"\`]`).test(text)).map(([key]) => key);

const hits = (pattern: RegExp) => files.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`));

describe('services/payments knows no payable kind', () => {
  it('when the matchers read a planted branch, a planted import and a planted collection, then each is counted', () => {
    const planted = `if (p.kind === 'appointment' || PAYABLE_KIND.order) x();\nimport { y } from '../booking/holds';\nconst c = COLLECTIONS.appointmentSlots;`;
    expect(planted.match(KIND_BRANCH)).toHaveLength(2);
    expect(planted.match(KIND_MODULES)).toHaveLength(1);
    expect(otherCollections(planted)).toEqual(['appointmentSlots']);
  });

  it('when its files are read, then none compares a kind by name', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(hits(KIND_BRANCH)).toEqual([]);
  });

  it("when its files are read, then none imports a kind's domain or store module", () => {
    expect(hits(KIND_MODULES)).toEqual([]);
  });

  it("when its files are read, then none names another domain's collection", () => {
    expect(files.flatMap(({ file, text }) => otherCollections(text).map((key) => `${file}: ${key}`))).toEqual([]);
  });
});
