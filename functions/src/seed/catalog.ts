/**
 * The catalog the site starts with: packages, doctors, lab tests, products and projects.
 * `npm start` and the tests load it through seedCatalog(); ids are fixed so loading twice
 * changes nothing.
 */
import type { Doctor, LabTest, Package, PackageItem, Product, ProductCategory, Project } from '../api/types';
import type { Allowance, PackageBenefits } from '../api/subscriptions-contract';

/** Rows of the Compare Features table, in order: the first package's items name them. */
const item = (itemName: string, itemValue: string, benefit: string): PackageItem => ({ itemName, itemValue, benefit });

/**
 * A package's benefits read from its own items ('2 per month', 'Unlimited', '10%', 'Up to 5
 * people'), so the table people read and the rules the server applies say the same.
 * Anything else ('On request', 'Negotiated', 'On-site clinics') gives nothing automatic.
 */
export function benefitsFromItems(items: PackageItem[]): PackageBenefits {
  const value = (itemName: string) => items.find((i) => i.itemName === itemName)?.itemValue ?? '';
  const perMonth = (text: string): Allowance =>
    /unlimited/i.test(text) ? 'unlimited' : Number(/(\d+)\s*per month/i.exec(text)?.[1] ?? 0);
  return {
    virtualConsultationsPerPeriod: perMonth(value('Virtual doctor consultations')),
    labDiscountPercent: Number(/(\d+)\s*%/.exec(value('Lab tests discount'))?.[1] ?? 0),
    homeVisitsPerPeriod: perMonth(value('Nurse home visits')),
    people: Math.max(1, Number(/(\d+)/.exec(value('People covered'))?.[1] ?? 1)),
  };
}

const withBenefits = (packages: Package[]): Package[] =>
  packages.map((p) => ({ ...p, benefits: benefitsFromItems(p.packageItems) }));

export const PACKAGES: Package[] = withBenefits([
  {
    id: 'individual',
    order: 1,
    packageTitle: 'Individual Package',
    packagePrice: 'Free',
    packageItems: [
      item('People covered', '1 person', 'Care for one adult'),
      item('Virtual doctor consultations', '2 per month', 'See a doctor by video or phone without queuing'),
      item('Nurse home visits', '1 per month', 'A registered nurse checks on you at home in Accra'),
      item('Preventive health check', 'Yearly', 'Blood pressure, sugar and BMI screening'),
      item('Lab tests discount', '10%', 'Savings on tests at our partner labs'),
      item('Dietary advice', '1 session', 'A dietician plans meals with you'),
      item('Medicine delivery', 'Standard', 'Prescriptions brought to your door'),
    ],
  },
  {
    id: 'student',
    order: 2,
    packageTitle: 'Student Package',
    packagePrice: 49,
    packageItems: [
      item('People covered', '1 student', 'Care for one student with a valid ID'),
      item('Virtual doctor consultations', '2 per month', 'See a doctor between lectures'),
      item('Nurse home visits', 'On request', 'Hostel and home visits in Accra at a student rate'),
      item('Preventive health check', 'Yearly', 'Screening before the academic year'),
      item('Lab tests discount', '15%', 'Student savings at our partner labs'),
      item('Dietary advice', '1 session', 'Eating well on a student budget'),
      item('Medicine delivery', 'Standard', 'Prescriptions brought to campus'),
    ],
  },
  {
    id: 'family-care',
    order: 3,
    packageTitle: 'Family Care Package',
    packagePrice: 249,
    packageItems: [
      item('People covered', 'Up to 5 people', 'One plan for the whole household'),
      item('Virtual doctor consultations', 'Unlimited', 'Any family member, any time'),
      item('Nurse home visits', '2 per month', 'Home care for children, parents and elders'),
      item('Preventive health check', 'Twice a year', 'Screening for every family member'),
      item('Lab tests discount', '20%', 'Family savings at our partner labs'),
      item('Dietary advice', 'Quarterly', 'Meal plans for the whole family'),
      item('Medicine delivery', 'Priority', 'Same-day delivery in Accra'),
    ],
  },
  {
    id: 'corporate-wellness',
    order: 4,
    packageTitle: 'Corporate Wellness Package',
    packagePrice: 'Custom Pricing',
    packageItems: [
      item('People covered', 'Your whole team', 'Staff, and families if you wish'),
      item('Virtual doctor consultations', 'Unlimited', 'Care without leaving work'),
      item('Nurse home visits', 'On-site clinics', 'Nurses at your workplace on agreed days'),
      item('Preventive health check', 'Health screening days', 'Screening for every employee'),
      item('Lab tests discount', 'Negotiated', 'Rates set for your organisation'),
      item('Dietary advice', 'Health talks', 'Talks and workshops for your staff'),
      item('Medicine delivery', 'Priority', 'Delivery to the office or home'),
    ],
  },
]);

const doctor = (doctorId: string, surname: string, otherNames: string, specialty: string, consultationFee: number): Doctor => ({
  doctorId,
  surname,
  otherNames,
  specialty,
  consultationFee,
  doctorPicture: '',
});

export const DOCTORS: Doctor[] = [
  doctor('dr-mensah', 'Mensah', 'Kwame', 'General Practice', 120),
  doctor('dr-owusu', 'Owusu', 'Abena', 'Paediatrics', 150),
  doctor('dr-boateng', 'Boateng', 'Kofi', 'Cardiology', 250),
  doctor('dr-asante', 'Asante', 'Efua', 'Obstetrics and Gynaecology', 200),
  doctor('dr-adjei', 'Adjei', 'Yaw', 'Internal Medicine', 180),
  doctor('dr-agyeman', 'Agyeman', 'Akosua', 'Dermatology', 170),
  doctor('dr-tetteh', 'Tetteh', 'Nii Armah', 'Psychiatry', 220),
  doctor('dr-quaye', 'Quaye', 'Naa Dedei', 'Neurology', 250),
  doctor('dr-danso', 'Danso', 'Kojo', 'General Practice', 100),
];

export const LAB_TESTS: LabTest[] = [
  { id: 'fbc', itemName: 'Full Blood Count', itemPrice: 60 },
  { id: 'malaria', itemName: 'Malaria Parasite Test', itemPrice: 25 },
  { id: 'fbs', itemName: 'Fasting Blood Sugar', itemPrice: 30 },
  { id: 'lipid', itemName: 'Lipid Profile', itemPrice: 120 },
  { id: 'lft', itemName: 'Liver Function Test', itemPrice: 150 },
  { id: 'kft', itemName: 'Kidney Function Test', itemPrice: 140 },
  { id: 'urine', itemName: 'Urine Routine Examination', itemPrice: 35.5 },
  { id: 'typhoid', itemName: 'Typhoid (Widal) Test', itemPrice: 40 },
  { id: 'hba1c', itemName: 'HbA1c', itemPrice: 110 },
  { id: 'hepb', itemName: 'Hepatitis B Screening', itemPrice: 55.75 },
];

export const PRODUCT_CATEGORIES: ProductCategory[] = [
  { id: 'pain-relief', itemName: 'Pain Relief' },
  { id: 'vitamins', itemName: 'Vitamins and Supplements' },
  { id: 'first-aid', itemName: 'First Aid' },
  { id: 'personal-care', itemName: 'Personal Care' },
];

export const PRODUCTS: Product[] = [
  {
    id: 'paracetamol',
    productName: 'Paracetamol',
    productImage: '/images/products/paracetamol.svg',
    price: 10,
    description: 'Relief for mild to moderate pain and fever. 500 mg tablets, pack of 24.',
    category: 'Pain Relief',
  },
  {
    id: 'ibuprofen',
    productName: 'Ibuprofen',
    productImage: '/images/products/ibuprofen.svg',
    price: 15,
    description: 'Anti-inflammatory pain relief for aches, sprains and period pain. 200 mg tablets, pack of 24.',
    category: 'Pain Relief',
  },
  {
    id: 'vitamin-c',
    productName: 'Vitamin C',
    productImage: '/images/products/vitamin-c.svg',
    price: 25,
    description: 'Daily immune support. 1000 mg effervescent tablets, tube of 20.',
    category: 'Vitamins and Supplements',
  },
];

export const PROJECTS: Project[] = [
  {
    id: 'ashaiman-screening',
    title: 'Community health screening in Ashaiman',
    location: 'Ashaiman, Greater Accra',
    date: '2025-03-15',
    description:
      'Free blood pressure, blood sugar and eye screening for more than 400 residents, with referrals for follow-up care.',
  },
  {
    id: 'farmers-outreach',
    title: 'Agric health outreach for farmers',
    location: 'Dodowa, Greater Accra',
    date: '2025-07-09',
    description: 'Health talks on pesticide safety, hydration and snake-bite first aid, with screening for farming families.',
  },
  {
    id: 'school-wellness',
    title: 'School wellness week',
    location: 'Madina, Greater Accra',
    date: '2025-10-21',
    description: 'Nutrition talks, deworming and basic health checks for pupils, with a parents’ session on childhood illnesses.',
  },
];
