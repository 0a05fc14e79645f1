import { usePageTitle } from '@/components/page-title';

export default function ProductDetailsPage() {
  usePageTitle('Product details');
  return (
    <section className="page container">
      <h1>Product details</h1>
      <p>Choose a quantity and add it to your cart.</p>
    </section>
  );
}
