import { usePageTitle } from '@/components/page-title';

export default function CareersPage() {
  usePageTitle('Careers');
  return (
    <section className="page container">
      <h1>Careers</h1>
      <p>Join our doctors, nurses and care team across Ghana.</p>
    </section>
  );
}
