/** The leadership team shown on About us. No photos yet: the page draws initials. */
export interface TeamMember {
  id: string;
  fullName: string;
  position: string;
  bio: string;
  /** Path of a photo served by the site; empty until the team sends approved photos. */
  image: string;
}

export const TEAM: TeamMember[] = [
  {
    id: 'kofi-adjei',
    fullName: 'Dr. Kofi Adjei',
    position: 'Founder and Medical Director',
    bio: 'Dr. Adjei trained at the University of Ghana Medical School and worked for twelve years at Korle Bu Teaching Hospital before founding ExpMed Health in 2016. He leads our clinical standards and still sees patients by video every week.',
    image: '',
  },
  {
    id: 'ama-owusu-ansah',
    fullName: 'Ama Owusu-Ansah',
    position: 'Chief Executive Officer',
    bio: 'Ama spent a decade in health insurance and mobile money before joining ExpMed. She built our subscription plans so that families can pay a small amount every month instead of large hospital bills.',
    image: '',
  },
  {
    id: 'esi-quaye',
    fullName: 'Esi Quaye, RN',
    position: 'Head of Nursing',
    bio: 'Esi leads our 55 nurses. A registered nurse and midwife, she designed our home-care visit routines and trains every new nurse in safe practice in the home.',
    image: '',
  },
  {
    id: 'yaw-frimpong',
    fullName: 'Dr. Yaw Frimpong',
    position: 'Head of Community and Corporate Wellness',
    bio: 'A public health physician, Dr. Frimpong runs our screenings and health talks for companies, churches, schools and farming communities across Greater Accra and beyond.',
    image: '',
  },
  {
    id: 'nana-akua-boateng',
    fullName: 'Nana Akua Boateng',
    position: 'Head of Nutrition',
    bio: 'Nana Akua is a registered dietician who leads our team of seven. She writes meal plans around local foods for people living with diabetes, hypertension and kidney disease.',
    image: '',
  },
  {
    id: 'selorm-agbeko',
    fullName: 'Selorm Agbeko',
    position: 'Chief Technology Officer',
    bio: 'Selorm builds the website and app our patients use to book, pay and meet their doctor, with care for slow networks and low-cost phones.',
    image: '',
  },
];
