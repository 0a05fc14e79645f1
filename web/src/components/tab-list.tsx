import type { KeyboardEvent, ReactNode } from 'react';

export interface Tab<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop (the chosen tab); Left and Right move round the tabs and choose.
 * `name` is the list's accessible name; `ids` names each tab's element and the panel it controls
 * (the caller renders the panels).
 */
export function TabList<T extends string>({
  name,
  tabs,
  value,
  onChange,
  ids,
  className,
}: {
  name: string;
  tabs: readonly Tab<T>[];
  value: T;
  onChange: (id: T) => void;
  ids: (id: T) => { tab: string; panel: string };
  className?: string;
}) {
  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const index = tabs.findIndex((t) => t.id === value);
    const next = tabs[(index + step + tabs.length) % tabs.length].id;
    onChange(next);
    document.getElementById(ids(next).tab)?.focus();
  }

  return (
    <div className={className} role="tablist" aria-label={name} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={ids(t.id).tab}
          aria-selected={value === t.id}
          aria-controls={ids(t.id).panel}
          tabIndex={value === t.id ? 0 : -1}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
