import { usePageTitle } from '@/components/page-title';

export default function ProductsPage() {
  usePageTitle('Products');
  return (
    <section className="page container">
      <h1>Products</h1>
      <p>Medicines and health products delivered to your door.</p>
    </section>
  );
}
