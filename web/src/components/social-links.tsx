import { SITE } from '@/content/site';

/** Text links keep the bundle small and read well to screen readers. */
export function SocialLinks() {
  return (
    <ul className="social-links" aria-label="Social media">
      {SITE.social.map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noopener noreferrer">
            {s.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
