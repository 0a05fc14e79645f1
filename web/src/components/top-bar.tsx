import { Mail, Phone } from 'lucide-react';
import { SITE } from '@/content/site';
import { SocialLinks } from '@/components/social-links';

export function TopBar() {
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <div className="top-bar-contact">
          <a href={SITE.phoneHref}>
            <Phone size={14} aria-hidden="true" /> {SITE.phone}
          </a>
          <a href={`mailto:${SITE.email}`}>
            <Mail size={14} aria-hidden="true" /> {SITE.email}
          </a>
        </div>
        <SocialLinks />
      </div>
    </div>
  );
}
