/** The one place that knows Firestore collection names. */
export const COLLECTIONS = {
  packages: 'packages',
  doctors: 'doctors',
  labs: 'labs',
  products: 'products',
  productCategories: 'productCategories',
  projects: 'projects',
  newsletter: 'newsletter',
  feedback: 'feedback',
  enquiries: 'enquiries',
  patients: 'patients',
  verificationCodes: 'verificationCodes',
  subscriptions: 'subscriptions',
  appointments: 'appointments',
  orders: 'orders',
  payments: 'payments',
  refunds: 'refunds',
  appointmentFiles: 'appointmentFiles',
  appointmentSlots: 'appointmentSlots',
  mail: 'mail',
  rateLimits: 'rateLimits',
  auditLog: 'auditLog',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
