import type { Package } from '@/features/packages/api/packages';
import { COMPARED_PACKAGE_IDS } from '@/features/packages/content';

/** Spec: columns Features, Individual, Student, Family Care; rows from the first package's items. */
export function CompareFeatures({ packages }: { packages: Package[] }) {
  const first = packages[0];
  if (!first) return null;
  const columns = COMPARED_PACKAGE_IDS.map((id) => packages.find((p) => p.id === id)).filter((p): p is Package => !!p);
  const valueOf = (pkg: Package, itemName: string, row: number) =>
    (pkg.packageItems.find((i) => i.itemName === itemName) ?? pkg.packageItems[row])?.itemValue ?? '—';
  return (
    <section className="compare section" aria-labelledby="compare-title">
      <h2 id="compare-title">Compare Features</h2>
      <p className="compare-hint">Swipe the table sideways to see every package.</p>
      {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
      <div className="compare-scroll" tabIndex={0} role="region" aria-labelledby="compare-title">
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">Features</th>
              {columns.map((p) => (
                <th scope="col" key={p.id}>
                  {p.packageTitle}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {first.packageItems.map((item, row) => (
              <tr key={item.itemName}>
                <th scope="row">{item.itemName}</th>
                {columns.map((p) => (
                  <td key={p.id}>{valueOf(p, item.itemName, row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
