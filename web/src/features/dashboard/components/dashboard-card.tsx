import type { ReactNode } from 'react';

/** A card of the dashboard's pages: a section named by its heading (styled as .profile-card in dashboard-views.css). */
export function DashboardCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
