import { MOBILE_NETWORKS_TEXT } from '@api/mobile-networks';
import {
  CANCELLATION_POLICY,
  FREE_CANCELLATION_HOURS,
  MIN_BOOKING_NOTICE_HOURS,
  RESCHEDULE_LIMIT,
  TRIAL_DAYS,
} from '@api/policy';
import { FREE_PACKAGE_AMOUNT } from '@api/prices';

/** The FAQ page's four sections (the facts on visits, home visits and payments they must hold). */
export interface Faq {
  question: string;
  answer: string;
}

export interface FaqSection {
  id: string;
  title: string;
  items: Faq[];
}

export const FAQ_SECTIONS: FaqSection[] = [
  {
    id: 'appointments',
    title: 'Appointments and home visits',
    items: [
      {
        question: 'How do I book an appointment?',
        answer:
          'Choose Book Appointment on our website or in the app, pick the service you need and a day that suits you. You can book for yourself or for a relative. We confirm by phone or e-mail.',
      },
      {
        question: 'How soon can a doctor or nurse visit me?',
        answer: `Physical visits are arranged within 24-72 hours of booking, depending on the service and your location. A video consultation is often possible the same day: the earliest times you can book are ${MIN_BOOKING_NOTICE_HOURS} hours from now, so the doctor can prepare.`,
      },
      {
        question: 'How long does a visit last?',
        answer:
          'Visits last from 15 minutes to 2 hours: a short review takes 15 to 30 minutes, while nursing care or physiotherapy can take up to 2 hours.',
      },
      {
        question: 'Where do you offer home visits?',
        answer:
          'Home visits are only available in Accra for now. Video consultations, medicine delivery advice and our community programmes reach patients across Ghana.',
      },
      {
        question: 'Can I cancel or change my appointment?',
        answer: `Yes. ${CANCELLATION_POLICY} The fee is there because the health worker has already set the time aside for you. You can move a booking yourself in your dashboard up to ${FREE_CANCELLATION_HOURS} hours before it, ${RESCHEDULE_LIMIT} times; later, call us.`,
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments and subscriptions',
    items: [
      {
        question: 'How much does the subscription cost?',
        answer: `You start with a free ${TRIAL_DAYS}-day trial. After that the subscription is GHS ${FREE_PACKAGE_AMOUNT} per month, and you can cancel anytime. Companies and communities get custom pricing.`,
      },
      {
        question: 'How can I pay?',
        answer: `By mobile money (${MOBILE_NETWORKS_TEXT}) or by debit or credit card, through a secure checkout page. We never see or store your card details or mobile money PIN.`,
      },
      {
        question: 'Which services are paid at booking?',
        answer:
          'Virtual consultations, lab tests and virtual dietary consultations are paid when you book. The fee is shown before you pay.',
      },
    ],
  },
  {
    id: 'emergencies',
    title: 'Emergencies and safety',
    items: [
      {
        question: 'What should I do in an emergency?',
        answer:
          'ExpMed Health is not an emergency service. In an emergency call 112 (national emergency number) or 193 (National Ambulance Service), or go to the nearest hospital emergency unit at once.',
      },
      {
        question: 'Are your doctors and nurses licensed?',
        answer:
          'Yes. Every doctor is licensed by the Medical and Dental Council of Ghana and every nurse by the Nursing and Midwifery Council. We check licences every year.',
      },
      {
        question: 'Is my health information private?',
        answer:
          'Yes. Your records are seen only by the health workers caring for you, and we never share them without your consent, except where the law requires it.',
      },
    ],
  },
  {
    id: 'organisations',
    title: 'Companies and communities',
    items: [
      {
        question: 'Do you work with companies, schools and churches?',
        answer:
          'Yes. Our corporate and community wellness programmes include health talks, medical screening and exercise sessions, planned around your people and your premises.',
      },
      {
        question: 'Do you visit farming communities?',
        answer:
          'Yes. Our Agric Health outreach brings screening and health education to farmers and their families, including the safe handling of farm chemicals.',
      },
      {
        question: 'How do we arrange a programme for our organisation?',
        answer:
          'Use Make Enquiries on the Packages page or contact us by phone or e-mail. We reply within two working days with a plan and a price.',
      },
    ],
  },
];
