import { usePageTitle } from '@/components/page-title';

export default function PackagesPage() {
  usePageTitle('Our Pricing Plans');
  return (
    <section className="page container">
      <h1>Our Pricing Plans</h1>
      <p>Simple, affordable plans with no commitment: start with a free 30-day trial.</p>
    </section>
  );
}
