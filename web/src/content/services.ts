import { SERVICES as BOOKABLE, type ServiceId } from '@api/service-catalog';

/**
 * The nine services, the one list the home page grid and the booking form
 * share. Ids, titles and payment rules come from the API's own list (functions/src/api/
 * service-catalog.ts, a pure module); the site adds what a visitor reads and sees. The
 * booking form keys on the ids: 1 virtual consultation, 5 dietary, 6 lab tests, 7
 * prescription (Medicine Delivery), 8 and 9 community/corporate. Dietary management is free
 * unless its VIRTUAL mode is chosen (the server decides the amount).
 * Icons are SVG files in web/public (Health Icons, MIT), so they cost no JavaScript.
 */
export interface Service {
  id: number;
  itemTitle: string;
  itemText: string;
  /** Path of a 48x48 SVG icon served by the site. */
  icon: string;
  requiresPayment: boolean;
}

const icon = (name: string) => `/icons/services/${name}.svg`;

/** Keyed by every bookable id: a service added to the API's list does not compile here until it has its text. */
const PRESENTATION: Record<ServiceId, Pick<Service, 'itemText' | 'icon'>> = {
  1: {
    itemText:
      'Speak with a licensed Ghanaian doctor by video or phone from home, work or school, and get advice, prescriptions and referrals the same day.',
    icon: icon('telemedicine'),
  },
  2: {
    itemText: 'A doctor comes to your door for a full consultation, so the sick or elderly need not sit in traffic or queues.',
    icon: icon('home-doctor'),
  },
  3: {
    itemText:
      'Registered nurses for wound dressing, injections, post-surgery care and daily support for older relatives, at home.',
    icon: icon('nursing'),
  },
  4: {
    itemText:
      'Our physiotherapists help you recover after a stroke, injury or operation with exercises planned around your home.',
    icon: icon('physiotherapy'),
  },
  5: {
    itemText:
      'Meal plans built on Ghanaian foods for diabetes, hypertension, weight control and pregnancy, by video or a home visit.',
    icon: icon('dietary'),
  },
  6: {
    itemText:
      'Book blood tests and full checkups with our partner laboratories; a sample can be taken at home and results come to you.',
    icon: icon('labs'),
  },
  7: {
    itemText: 'Upload your prescription and we deliver genuine medicines from licensed pharmacies to your home or office.',
    icon: icon('medicine'),
  },
  8: {
    itemText:
      'Health talks, screenings and exercise sessions for staff, churches, schools and communities, planned with your team.',
    icon: icon('wellness'),
  },
  9: {
    itemText: 'Outreach for farmers and farming communities: screening, safe use of agro-chemicals, and care close to the farm.',
    icon: icon('agric'),
  },
};

export const SERVICES: Service[] = BOOKABLE.map(({ id, title, requiresPayment }) => ({
  id,
  itemTitle: title,
  requiresPayment,
  ...PRESENTATION[id],
}));
