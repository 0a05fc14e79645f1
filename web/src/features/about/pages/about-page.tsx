import { usePageTitle } from '@/components/page-title';

export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <section className="page container">
      <h1>About Us</h1>
      <p>Caring for Ghanaian families at home and online since 2016.</p>
    </section>
  );
}
