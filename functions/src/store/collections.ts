import { VISITS_COLLECTION } from '../api/visits';

/** The one place that knows Firestore collection names (visits' name is shared with the site's signalling code). */
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
  /** phoneCodes/{uid}: the code last sent by SMS to confirm the patient's phone (a hash, the number, tries). */
  phoneCodes: 'phoneCodes',
  subscriptions: 'subscriptions',
  /** A payment for the next period of a subscription (its own clientReference; services/packages/subscriptions.ts renew). */
  subscriptionRenewals: 'subscriptionRenewals',
  /** Benefits used per subscription and allowance window, counted in the booking transaction. */
  subscriptionUsage: 'subscriptionUsage',
  /** One document per subscription, period and notice (reminders, expiry): each is sent once. */
  subscriptionNotices: 'subscriptionNotices',
  /** trialClaims/{patientId}: the Free package's trial is once per patient. */
  trialClaims: 'trialClaims',
  /** mandates/{subscriptionId}: the mobile-money direct debit that renews a package (docs/direct-debit.md), one per subscription. */
  mandates: 'mandates',
  /** mandateNumberCodes/{uid}: the code last texted to prove a number other than the account's phone for a mandate (a hash, the number, tries). */
  mandateNumberCodes: 'mandateNumberCodes',
  /** People a patient books for under Family Care. */
  dependants: 'dependants',
  appointments: 'appointments',
  orders: 'orders',
  payments: 'payments',
  refunds: 'refunds',
  /** providerTransactions/{provider}:{transactionId}: the one payable each provider transaction settled (docs/money.md). */
  providerTransactions: 'providerTransactions',
  /** Payments the settlement refused for staff to look at: a transaction a second payable claimed (docs/money.md). */
  paymentAlerts: 'paymentAlerts',
  appointmentFiles: 'appointmentFiles',
  /** E-prescriptions a doctor writes at a visit (docs/record.md), each with its public check code. */
  prescriptions: 'prescriptions',
  /** Lab tests a doctor asks for at a visit; the patient books them as one lab booking. */
  labRequests: 'labRequests',
  /** Result files on lab bookings: the bytes, their checked type and the owner (served only by the API). */
  files: 'files',
  appointmentSlots: 'appointmentSlots',
  mail: 'mail',
  /** Text messages to patients, sent through the provider's SMS API (notifications/sms-sender.ts). */
  sms: 'sms',
  /** One document per appointment and reminder kind, so each reminder is sent once, ever. */
  reminders: 'reminders',
  rateLimits: 'rateLimits',
  /** One caller at a time settles a confirmed payment (services/payments/settlement.ts markPaid). */
  settlementLeases: 'settlementLeases',
  /** Who on the clinic's side read or changed what (docs/roles-and-audit.md; Act 843). */
  auditLog: 'auditLog',
  /** The staff accounts and their roles, as granted (the role itself lives in the Auth custom claims). */
  staffMembers: 'staffMembers',
  /** A doctor's weekly hours, slot length and time off, by doctorId (docs/scheduling.md). */
  doctorSchedules: 'doctorSchedules',
  /** Places a day of a home or community service, by serviceId. */
  serviceCapacity: 'serviceCapacity',
  /** Who holds the places of one service on one day, `${serviceId}_${day}`. */
  capacityDays: 'capacityDays',
  /** closures/{YYYY-MM-DD}: the clinic is closed that day (public holidays, clinic days off; docs/front-desk.md). */
  closures: 'closures',
  /** The code the desk sends to prove a clinic record's phone, by patientId (a hash, never the code). */
  deskPhoneCodes: 'deskPhoneCodes',
  /** The code the desk sends to prove a clinic record's e-mail address, by patientId (a hash, never the code). */
  deskEmailCodes: 'deskEmailCodes',
  /** visits/{appointmentId}: a video visit's room and record (api/visits.ts); signals, chat and presence beneath it. */
  visits: VISITS_COLLECTION,
  /** ussdSessions/{SessionId}: one USSD session's step, its answers so far and its last screen (docs/ussd.md; TTL a day). */
  ussdSessions: 'ussdSessions',
  /** callbacks/{id}: people who asked the clinic to call them back, the desk's queue (docs/ussd.md). */
  callbacks: 'callbacks',
  /** phonePins/{patientId}: the PIN that changes by phone (USSD, voice) need, as a salted hash (docs/ussd.md). */
  phonePins: 'phonePins',
} as const;
