import { usePageTitle } from '@/components/page-title';

export default function FaqsPage() {
  usePageTitle('Frequently Asked Questions');
  return (
    <section className="page container">
      <h1>Frequently Asked Questions</h1>
      <p>Answers about visits, payments and cancellations.</p>
    </section>
  );
}
