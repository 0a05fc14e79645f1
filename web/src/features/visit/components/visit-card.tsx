import type { ReactNode, Ref } from 'react';

interface VisitCardProps {
  /** The h2's id, which names the section. */
  id: string;
  title: string;
  /** The page moves the focus to this heading when the screen changes. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The buttons and links in a row at the card's foot. */
  actions: ReactNode;
  children: ReactNode;
}

/** A card of the visit page that says where the visit stands and what the person can do next. */
export function VisitCard({ id, title, headingRef, actions, children }: VisitCardProps) {
  return (
    <section className="visit-card" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1} ref={headingRef}>
        {title}
      </h2>
      {children}
      <div className="form-actions">{actions}</div>
    </section>
  );
}
