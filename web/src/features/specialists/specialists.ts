/** The specialists shown on the Specialists page (a built-in list of 9). */
export interface Specialist {
  id: string;
  name: string;
  specialty: string;
  experienceYears: number;
  languages: string;
  about: string;
}

export const SPECIALISTS: Specialist[] = [
  {
    id: 'ama-mensah',
    name: 'Dr. Ama Mensah',
    specialty: 'Cardiology',
    experienceYears: 14,
    languages: 'English, Twi',
    about: 'Heart disease, high blood pressure and heart checks before surgery.',
  },
  {
    id: 'kwame-asare',
    name: 'Dr. Kwame Asare',
    specialty: 'Pediatrics',
    experienceYears: 11,
    languages: 'English, Twi, Ga',
    about: 'Care for babies and children, vaccinations and growth checks.',
  },
  {
    id: 'efua-sarpong',
    name: 'Dr. Efua Sarpong',
    specialty: 'Obstetrics and Gynaecology',
    experienceYears: 16,
    languages: 'English, Fante',
    about: 'Antenatal care, family planning and women’s health.',
  },
  {
    id: 'kojo-tetteh',
    name: 'Dr. Kojo Tetteh',
    specialty: 'Neurology',
    experienceYears: 12,
    languages: 'English, Ga',
    about: 'Stroke follow-up, headaches, epilepsy and nerve pain.',
  },
  {
    id: 'abena-ofori',
    name: 'Dr. Abena Ofori',
    specialty: 'Dermatology',
    experienceYears: 9,
    languages: 'English, Twi',
    about: 'Skin, hair and nail conditions, eczema and acne.',
  },
  {
    id: 'yaw-amponsah',
    name: 'Dr. Yaw Amponsah',
    specialty: 'General Surgery',
    experienceYears: 18,
    languages: 'English, Twi',
    about: 'Surgical opinions, hernias and care after operations.',
  },
  {
    id: 'akosua-danquah',
    name: 'Dr. Akosua Danquah',
    specialty: 'Internal Medicine',
    experienceYears: 13,
    languages: 'English, Twi, Ewe',
    about: 'Diabetes, kidney disease and long-term conditions in adults.',
  },
  {
    id: 'selasi-agbenyega',
    name: 'Dr. Selasi Agbenyega',
    specialty: 'Cardiology',
    experienceYears: 8,
    languages: 'English, Ewe',
    about: 'Heart rhythm problems, ECG reviews and cardiac rehabilitation.',
  },
  {
    id: 'fiifi-annan',
    name: 'Dr. Fiifi Annan',
    specialty: 'Pediatrics',
    experienceYears: 7,
    languages: 'English, Fante',
    about: 'Childhood asthma, allergies and nutrition in children.',
  },
];

/** The specialty filter's options: 'All' and each specialty once, in alphabetical order. */
export const SPECIALTIES = ['All', ...[...new Set(SPECIALISTS.map((s) => s.specialty))].sort()];

/** The doctors whose name contains `query` (any case) and who have `specialty` (or 'All'). */
export function filterSpecialists(list: Specialist[], query: string, specialty: string): Specialist[] {
  const q = query.trim().toLowerCase();
  return list.filter((d) => (specialty === 'All' || d.specialty === specialty) && (!q || d.name.toLowerCase().includes(q)));
}
