import { usePageTitle } from '@/components/page-title';

export default function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <section className="page container">
      <h1>Contact Us</h1>
      <p>We offer individual support plans tailored to each client’s needs and wishes.</p>
    </section>
  );
}
