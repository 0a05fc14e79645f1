/**
 * The nine services patients can book: the one list the API books and the site shows (the
 * web imports it through its `@api/*` path and adds each service's text and icon). Plain
 * data with no imports, because it is bundled into the browser too.
 */
export interface ServiceDefinition {
  id: number;
  title: string;
  /** Paid at booking. Dietary is paid only for its VIRTUAL mode (see appointment fees). */
  requiresPayment: boolean;
}

/** The ids the booking rules name (1 virtual, 5 dietary, 6 labs, 7 prescription, 8 and 9 community). */
export const SERVICE_ID = {
  virtualConsultation: 1,
  dietary: 5,
  labTests: 6,
  prescription: 7,
  corporateWellness: 8,
  agricHealth: 9,
} as const;

/** `as const` keeps the ids literal, so the site's per-service text must cover every one of them. */
export const SERVICES = [
  { id: 1, title: 'Virtual Consultation (Telemedicine)', requiresPayment: true },
  { id: 2, title: 'Doctor Consultation at home', requiresPayment: false },
  { id: 3, title: 'Nursing Home Care', requiresPayment: false },
  { id: 4, title: 'Physiotherapy at Home', requiresPayment: false },
  { id: 5, title: 'Dietary Management', requiresPayment: false },
  { id: 6, title: 'Labs/Medical Checkup', requiresPayment: true },
  { id: 7, title: 'Medicine Delivery', requiresPayment: false },
  { id: 8, title: 'Corporate/Community Wellness', requiresPayment: false },
  { id: 9, title: 'Agric Health', requiresPayment: false },
] as const satisfies readonly ServiceDefinition[];

export type ServiceId = (typeof SERVICES)[number]['id'];

export const serviceById = (id: number): ServiceDefinition | undefined => SERVICES.find((s) => s.id === id);

/**
 * Services that happen at the patient's address: a doctor, nurse or physiotherapist at home,
 * dietary advice and lab tests in their home mode (below), and medicine brought to the door.
 * Their booking needs the address (api/booking-request.ts); staff assign who goes (a doctor or
 * a nurse) and when they arrive.
 */
export const AT_HOME_SERVICE_IDS: readonly number[] = [2, 3, 4, SERVICE_ID.dietary, SERVICE_ID.labTests, SERVICE_ID.prescription];

/** Lab tests' requestedServiceOption with the samples taken at home (left out: at the clinic's lab). */
export const SAMPLES_AT_HOME = 'SAMPLES_AT_HOME';

/**
 * Services booked away from home or at it, and the requestedServiceOption that puts them at the
 * patient's address: dietary advice (else VIRTUAL), lab tests (else at the clinic's lab).
 */
export const HOME_MODE: Readonly<Partial<Record<number, string>>> = {
  [SERVICE_ID.dietary]: 'HOME_VISIT',
  [SERVICE_ID.labTests]: SAMPLES_AT_HOME,
};

/** A requestedServiceOption in words, for the screens that show it (the console's appointment). */
export const SERVICE_OPTION_WORDS: Readonly<Record<string, string>> = {
  VIRTUAL: 'virtual',
  HOME_VISIT: 'home visit',
  [SAMPLES_AT_HOME]: 'samples taken at home',
};

export const atHome = (serviceId: number, option?: string | null): boolean =>
  AT_HOME_SERVICE_IDS.includes(serviceId) && (!HOME_MODE[serviceId] || option === HOME_MODE[serviceId]);
