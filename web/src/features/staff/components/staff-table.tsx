import type { ReactNode } from 'react';

/**
 * A console table: the scrolling wrapper (a named, focusable region when `label` is given, so a
 * keyboard can scroll it), the column headings, an optional hidden caption, and the rows.
 * `actions` adds a last column whose heading only screen readers hear.
 */
export function StaffTable({
  label,
  caption,
  className,
  columns,
  actions = false,
  children,
}: {
  label?: string;
  caption?: ReactNode;
  className: string;
  columns: string[];
  actions?: boolean;
  children: ReactNode;
}) {
  const region = label ? ({ tabIndex: 0, role: 'region', 'aria-label': label } as const) : {};
  return (
    <div className="staff-table-wrap" {...region}>
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
