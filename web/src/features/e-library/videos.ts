/** The medical video library's built-in catalogue (categories x tabs). */
export const CATEGORIES = [
  { id: 'all', label: 'All' },
  { id: 'cardiology', label: 'Cardiology' },
  { id: 'neurology', label: 'Neurology' },
  { id: 'surgery', label: 'Surgery' },
  { id: 'pediatrics', label: 'Pediatrics' },
  { id: 'emergency', label: 'Emergency' },
] as const;

export const TABS = [
  { id: 'procedures', label: 'Procedures' },
  { id: 'lectures', label: 'Lectures' },
  { id: 'case-studies', label: 'Case Studies' },
  { id: 'workshops', label: 'Workshops' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export type TabId = (typeof TABS)[number]['id'];

export interface Video {
  id: string;
  title: string;
  category: Exclude<CategoryId, 'all'>;
  tab: TabId;
  presenter: string;
  duration: string;
  recorded: string;
  description: string;
}

export const VIDEOS: Video[] = [
  {
    id: 'ecg-basics',
    title: 'Reading a 12-lead ECG step by step',
    category: 'cardiology',
    tab: 'procedures',
    presenter: 'Dr. Ama Mensah',
    duration: '18 min',
    recorded: 'March 2025',
    description: 'How to place the leads, check the rhythm and rate, and spot the signs of a heart attack on a 12-lead ECG.',
  },
  {
    id: 'hypertension-lecture',
    title: 'Hypertension in Ghana: what has changed',
    category: 'cardiology',
    tab: 'lectures',
    presenter: 'Dr. Selasi Agbenyega',
    duration: '42 min',
    recorded: 'January 2025',
    description:
      'How common high blood pressure is in Ghanaian adults, current treatment targets, and how to help patients keep taking their medicines.',
  },
  {
    id: 'heart-failure-case',
    title: 'A 58-year-old trader with swollen legs',
    category: 'cardiology',
    tab: 'case-studies',
    presenter: 'Dr. Ama Mensah',
    duration: '25 min',
    recorded: 'May 2025',
    description: 'A heart failure case managed with home visits and video follow-up, from first symptoms to a stable patient.',
  },
  {
    id: 'stroke-lecture',
    title: 'Recognising stroke early: FAST and beyond',
    category: 'neurology',
    tab: 'lectures',
    presenter: 'Dr. Kojo Tetteh',
    duration: '35 min',
    recorded: 'February 2025',
    description: 'The warning signs of stroke, why every minute counts, and what families should do on the way to hospital.',
  },
  {
    id: 'epilepsy-case',
    title: 'Managing epilepsy in a school-age child',
    category: 'neurology',
    tab: 'case-studies',
    presenter: 'Dr. Kojo Tetteh',
    duration: '22 min',
    recorded: 'June 2025',
    description: 'Seizure control, school support and safety advice for parents, following one child over a year.',
  },
  {
    id: 'wound-dressing',
    title: 'Dressing a surgical wound at home',
    category: 'surgery',
    tab: 'procedures',
    presenter: 'Esi Quaye, RN',
    duration: '14 min',
    recorded: 'April 2025',
    description: 'A clean technique for changing dressings at home, and the signs of infection that need a doctor.',
  },
  {
    id: 'suturing-workshop',
    title: 'Suturing skills workshop',
    category: 'surgery',
    tab: 'workshops',
    presenter: 'Dr. Yaw Amponsah',
    duration: '55 min',
    recorded: 'July 2025',
    description:
      'Hands-on session on simple interrupted, mattress and subcuticular sutures, recorded with our nurses and junior doctors.',
  },
  {
    id: 'child-fever',
    title: 'Fever in children: when to worry',
    category: 'pediatrics',
    tab: 'lectures',
    presenter: 'Dr. Kwame Asare',
    duration: '30 min',
    recorded: 'March 2025',
    description: 'Malaria, infections and danger signs in children under five, and what parents can safely do at home.',
  },
  {
    id: 'newborn-care',
    title: 'Newborn checks in the first week',
    category: 'pediatrics',
    tab: 'procedures',
    presenter: 'Dr. Fiifi Annan',
    duration: '20 min',
    recorded: 'August 2025',
    description: 'How our nurses examine a newborn at home: feeding, jaundice, the cord, and when to refer.',
  },
  {
    id: 'cpr-workshop',
    title: 'Adult and child CPR workshop',
    category: 'emergency',
    tab: 'workshops',
    presenter: 'ExpMed Emergency Team',
    duration: '48 min',
    recorded: 'September 2025',
    description:
      'Chest compressions, rescue breaths and the recovery position, with practice for families and office first-aiders.',
  },
  {
    id: 'road-accident-case',
    title: 'First response at a road accident',
    category: 'emergency',
    tab: 'case-studies',
    presenter: 'Dr. Akosua Danquah',
    duration: '27 min',
    recorded: 'October 2025',
    description:
      'What bystanders and first responders did right and wrong at a crash on the Accra-Tema motorway, and what to do while waiting for 112 or 193.',
  },
];

/** The videos of a category ('all' for every one) under a tab. */
export const videosFor = (category: CategoryId, tab: TabId): Video[] =>
  VIDEOS.filter((v) => v.tab === tab && (category === 'all' || v.category === category));
