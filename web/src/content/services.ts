/**
 * The nine services (spec section 3), the one list the home page grid and the booking form
 * share. The position in the list equals the id, and the booking form keys on these ids:
 * 1 virtual consultation, 5 dietary, 6 lab tests, 7 prescription (Medicine Delivery),
 * 8 and 9 community/corporate. `requiresPayment` is the service's own rule; dietary
 * management is free unless its VIRTUAL mode is chosen (the server decides the amount).
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

export const SERVICE_IDS = {
  virtualConsultation: 1,
  dietary: 5,
  labTests: 6,
  prescription: 7,
  corporateWellness: 8,
  agricHealth: 9,
} as const;

const icon = (name: string) => `/icons/services/${name}.svg`;

export const SERVICES: Service[] = [
  {
    id: 1,
    itemTitle: 'Virtual Consultation (Telemedicine)',
    itemText:
      'Speak with a licensed Ghanaian doctor by video or phone from home, work or school, and get advice, prescriptions and referrals the same day.',
    icon: icon('telemedicine'),
    requiresPayment: true,
  },
  {
    id: 2,
    itemTitle: 'Doctor Consultation at home',
    itemText: 'A doctor comes to your door for a full consultation, so the sick or elderly need not sit in traffic or queues.',
    icon: icon('home-doctor'),
    requiresPayment: false,
  },
  {
    id: 3,
    itemTitle: 'Nursing Home Care',
    itemText:
      'Registered nurses for wound dressing, injections, post-surgery care and daily support for older relatives, at home.',
    icon: icon('nursing'),
    requiresPayment: false,
  },
  {
    id: 4,
    itemTitle: 'Physiotherapy at Home',
    itemText:
      'Our physiotherapists help you recover after a stroke, injury or operation with exercises planned around your home.',
    icon: icon('physiotherapy'),
    requiresPayment: false,
  },
  {
    id: 5,
    itemTitle: 'Dietary Management',
    itemText:
      'Meal plans built on Ghanaian foods for diabetes, hypertension, weight control and pregnancy, by video or a home visit.',
    icon: icon('dietary'),
    requiresPayment: false,
  },
  {
    id: 6,
    itemTitle: 'Labs/Medical Checkup',
    itemText:
      'Book blood tests and full checkups with our partner laboratories; a sample can be taken at home and results come to you.',
    icon: icon('labs'),
    requiresPayment: true,
  },
  {
    id: 7,
    itemTitle: 'Medicine Delivery',
    itemText: 'Upload your prescription and we deliver genuine medicines from licensed pharmacies to your home or office.',
    icon: icon('medicine'),
    requiresPayment: false,
  },
  {
    id: 8,
    itemTitle: 'Corporate/Community Wellness',
    itemText:
      'Health talks, screenings and exercise sessions for staff, churches, schools and communities, planned with your team.',
    icon: icon('wellness'),
    requiresPayment: false,
  },
  {
    id: 9,
    itemTitle: 'Agric Health',
    itemText: 'Outreach for farmers and farming communities: screening, safe use of agro-chemicals, and care close to the farm.',
    icon: icon('agric'),
    requiresPayment: false,
  },
];
