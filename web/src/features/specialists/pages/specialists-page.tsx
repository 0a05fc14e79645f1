import { usePageTitle } from '@/components/page-title';

export default function SpecialistsPage() {
  usePageTitle('Our Specialists');
  return (
    <section className="page container">
      <h1>Our Specialists</h1>
      <p>Find a doctor by name or specialty.</p>
    </section>
  );
}
