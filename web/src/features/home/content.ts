/** The home page's copy: why-choose boxes, counters, the film link. */

export const WHY_CHOOSE = [
  {
    title: 'Preventive Healthcare',
    text: 'Regular checkups, screenings and health talks that catch problems early, before they become emergencies.',
  },
  {
    title: 'Most Accessible',
    text: 'A doctor on your phone, often the same day, and care at your door in Accra: no long queues, no traffic.',
  },
  {
    title: 'All-in-One Convenience',
    text: 'Consultations, nursing, physiotherapy, lab tests and medicine delivery, all booked in one place.',
  },
] as const;

/** Counters of the stats section: the number counts up, the suffix stays. */
export const STATS = [
  { value: 50, suffix: '+', label: 'Medical professionals' },
  { value: 20, suffix: '+', label: 'Partner hospitals' },
  { value: 50, suffix: '+', label: 'Corporate and communities' },
  { value: 10, suffix: 'K+', label: 'Clients served' },
] as const;

/** The clinic's short film; a link, so the home page loads no video. */
export const ABOUT_VIDEO_URL = 'https://www.youtube.com/@expmedhealth';
