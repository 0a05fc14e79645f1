/** The card copy of each package (the server holds titles, prices and items). */
export interface PackageCopy {
  badge: string;
  description: string;
}

const COPY: Record<string, PackageCopy> = {
  individual: {
    badge: 'For one person',
    description: 'Everyday care for one adult: doctors on call, a nurse at your door and a yearly health check.',
  },
  student: {
    badge: 'Budget-friendly',
    description: 'Care that fits a student budget, from a video consultation between lectures to medicines brought to campus.',
  },
  'family-care': {
    badge: 'Multiple users',
    description: 'One plan for the whole household: children, parents and elders looked after by the same team.',
  },
  'corporate-wellness': {
    badge: 'For teams',
    description: 'Health screening days, on-site nurses and health talks for your staff, priced for your organisation.',
  },
};

const FALLBACK: PackageCopy = { badge: 'Health plan', description: 'Care from our doctors and nurses, at home and online.' };

export const copyFor = (packageId: string): PackageCopy => COPY[packageId] ?? FALLBACK;

/** The three packages the Compare Features table sets side by side (its columns). */
export const COMPARED_PACKAGE_IDS = ['individual', 'student', 'family-care'];
