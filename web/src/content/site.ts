/** Brand and contact facts, used by every page that shows them. */
export const SITE = {
  brand: 'ExpMed Health',
  tagline: 'Telemedicine, home care and preventive care across Ghana',
  phone: '+233 30 290 4150',
  phoneHref: 'tel:+233302904150',
  email: 'care@expmedhealth.com.gh',
  careersEmail: 'careers@expmedhealth.com.gh',
  address: 'East Legon, Accra, Ghana',
  established: 2016,
  termsUrl: 'https://expmedhealth.com.gh/terms',
  /** The site's own privacy page (Act 843). */
  privacyUrl: '/privacy',
  apps: {
    android: 'https://play.google.com/store/apps/details?id=gh.com.expmedhealth',
    ios: 'https://apps.apple.com/gh/app/expmed-health/id0000000000',
  },
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/expmedhealth' },
    { name: 'Instagram', href: 'https://www.instagram.com/expmedhealth' },
    { name: 'X', href: 'https://x.com/expmedhealth' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/expmedhealth' },
  ],
} as const;

/** The home page sections the navbar scrolls to (ids the navbar's links name). */
export const HOME_SECTIONS = {
  home: 'Home',
  about: 'AboutUs',
  services: 'services',
  packages: 'packages',
  stats: 'stats',
  download: 'download',
  testimonials: 'testimonials',
} as const;
