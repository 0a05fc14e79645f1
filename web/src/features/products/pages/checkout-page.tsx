import { usePageTitle } from '@/components/page-title';

export default function CheckoutPage() {
  usePageTitle('Checkout');
  return (
    <section className="page container">
      <h1>Checkout</h1>
      <p>Pay by mobile money or card.</p>
    </section>
  );
}
