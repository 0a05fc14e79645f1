import type { ReactNode } from 'react';

/**
 * The public pages' building blocks, styled in styles/global.css: the band a page opens with,
 * a section's heading, and the plain card (art, title, text) of their grids.
 */

interface PageHeroProps {
  /** The small line above the title that says where the reader is ("About us", "FAQs"). */
  eyebrow: string;
  /** The page's one h1. */
  title: string;
  /** What stands under the title: the intro paragraph (and the About page's figures). */
  children?: ReactNode;
}

export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <section className="page-hero">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

interface SectionHeadProps {
  /** The h2's id: the section names itself with aria-labelledby={id}. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  /** The line under the heading. */
  lead?: ReactNode;
}

export function SectionHead({ id, eyebrow, title, lead }: SectionHeadProps) {
  return (
    <div className="section-head">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {lead && <p>{lead}</p>}
    </div>
  );
}

interface CardProps {
  /** The icon or image on top, hidden from screen readers by the caller (aria-hidden, alt=""). */
  art: ReactNode;
  title: string;
  text: string;
  /** The grid's own card class, after `card` (e.g. `why-card`). */
  className?: string;
}

/** A grid's list item: art, an h3 and a line of text. */
export function Card({ art, title, text, className }: CardProps) {
  return (
    <li className={className ? `card ${className}` : 'card'}>
      {art}
      <h3>{title}</h3>
      <p>{text}</p>
    </li>
  );
}
