import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The public pages' building blocks, styled in styles/global.css and styles/sections.css: the band a page opens with,
 * its sections with their headings, and the plain card (art, title, text) of their grids.
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

function SectionHead({ id, eyebrow, title, lead }: SectionHeadProps) {
  return (
    <div className="section-head">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {lead && <p>{lead}</p>}
    </div>
  );
}

interface PageSectionProps {
  /** The heading block on top: the section is named by its h2. */
  head?: SectionHeadProps;
  /** Otherwise the id of the heading further in (aria-labelledby), or a name for a section that shows none (aria-label). */
  labelledBy?: string;
  label?: string;
  /** The tinted band that sets a section off from its neighbours. */
  tint?: boolean;
  /** The anchor a menu link scrolls to (the home page's sections). */
  id?: string;
  /** Classes added to the band and to the centred container inside it. */
  className?: string;
  containerClassName?: string;
  children: ReactNode;
}

/** A band of a public page: vertical room, the page's width, and its heading. */
export function PageSection({ head, labelledBy, label, tint, id, className, containerClassName, children }: PageSectionProps) {
  const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
  return (
    <section
      id={id}
      className={classes('section', tint && 'section-tint', className)}
      aria-labelledby={head?.id ?? labelledBy}
      aria-label={label}
    >
      <div className={classes('container', containerClassName)}>
        {head && <SectionHead {...head} />}
        {children}
      </div>
    </section>
  );
}

/** A section's closing call to action: one primary link, centred. */
export function CallToAction({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className ? `center ${className}` : 'center'}>
      <Link to={to} className="btn btn-primary">
        {children}
      </Link>
    </p>
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
