/** Testimonials for the home carousel (sample content). Their own module, loaded after the page. */

export interface Testimonial {
  event: string;
  message: string;
  userName: string;
  company: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    event: 'Home nursing after surgery',
    message:
      'After my mother’s hip operation, a nurse came to our house in Dansoman every morning for three weeks. She was patient and kind, and my mother healed well at home.',
    userName: 'Akosua Mensah',
    company: 'Teacher, Accra',
  },
  {
    event: 'Staff wellness day',
    message:
      'ExpMed screened over 120 of our staff in one day: blood pressure, sugar and eyes. Several colleagues found out about high blood pressure early and are now on treatment.',
    userName: 'Kwabena Owusu',
    company: 'HR Manager, Tema Freight Services',
  },
  {
    event: 'Video consultation',
    message:
      'My son woke up with a fever and I did not want to sit in the emergency room. A doctor saw him on video that afternoon and told us exactly what to do.',
    userName: 'Efua Asante',
    company: 'Trader, Kumasi',
  },
  {
    event: 'Farmers’ health outreach',
    message:
      'The team came to our cooperative in Dodowa and checked everybody, young and old. They also showed us how to handle farm chemicals safely. We are grateful.',
    userName: 'Yaw Boateng',
    company: 'Dodowa Farmers Cooperative',
  },
  {
    event: 'Diabetes diet plan',
    message:
      'The dietician built my meal plan around kenkey, kontomire and fish, the food I actually eat. In three months my sugar levels came down and I feel stronger.',
    userName: 'Abena Darko',
    company: 'Banker, Takoradi',
  },
];
