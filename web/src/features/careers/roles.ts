/** Open roles on the Careers page. */
export interface Role {
  title: string;
  type: 'Full-time' | 'Part-time' | 'Contract';
  location: string;
  summary: string;
}

export const ROLES: Role[] = [
  {
    title: 'General Practitioner (Telemedicine)',
    type: 'Full-time',
    location: 'Remote, Ghana',
    summary: 'Consult patients by video and phone, prescribe and refer. Valid Medical and Dental Council licence required.',
  },
  {
    title: 'Home Visit Doctor',
    type: 'Full-time',
    location: 'Accra',
    summary: 'See patients at home across Greater Accra, with a driver and a fully equipped visit bag.',
  },
  {
    title: 'Registered General Nurse',
    type: 'Full-time',
    location: 'Accra',
    summary: 'Home nursing: wound care, injections, post-operative care and support for older patients.',
  },
  {
    title: 'Community Health Nurse',
    type: 'Full-time',
    location: 'Greater Accra and Eastern Region',
    summary: 'Run screenings and health talks in communities, schools and farms with our outreach team.',
  },
  {
    title: 'Physiotherapist',
    type: 'Part-time',
    location: 'Accra',
    summary: 'Home rehabilitation after stroke, injury and surgery. Registration with the Allied Health Professions Council.',
  },
  {
    title: 'Registered Dietician',
    type: 'Part-time',
    location: 'Accra or remote',
    summary: 'Counsel patients by video and at home; build meal plans around Ghanaian foods.',
  },
  {
    title: 'Medical Laboratory Scientist',
    type: 'Full-time',
    location: 'Accra',
    summary: 'Take samples at patients’ homes and work with our partner laboratories on quality and turnaround.',
  },
  {
    title: 'Pharmacist',
    type: 'Full-time',
    location: 'Accra',
    summary: 'Review prescriptions for our medicine delivery service and counsel patients on their medicines.',
  },
  {
    title: 'Patient Care Coordinator',
    type: 'Full-time',
    location: 'East Legon, Accra',
    summary: 'Answer calls and WhatsApp messages, book visits and follow up with patients. Twi or Ga a strong plus.',
  },
  {
    title: 'Corporate Wellness Sales Executive',
    type: 'Full-time',
    location: 'Accra',
    summary: 'Grow our wellness programmes with companies, churches and associations.',
  },
  {
    title: 'Mobile Developer (React Native)',
    type: 'Contract',
    location: 'Accra or remote',
    summary: 'Build our patient app for low-cost Android phones and slow networks.',
  },
  {
    title: 'Dispatch Rider',
    type: 'Full-time',
    location: 'Accra',
    summary: 'Deliver medicines and lab samples safely and on time. Valid licence and two years’ experience.',
  },
];
