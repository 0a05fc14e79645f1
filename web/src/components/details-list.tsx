import type { ReactNode } from 'react';

/** A label and its value, as the dashboard shows them (profile, package, appointment). */
export type DetailRow = [label: string, value: ReactNode];

/** A definition list of label/value rows, in the dashboard's `.details` style. */
export function DetailsList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
