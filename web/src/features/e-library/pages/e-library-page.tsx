import { usePageTitle } from '@/components/page-title';

export default function ELibraryPage() {
  usePageTitle('Medical Video Library');
  return (
    <section className="page container">
      <h1>Medical Video Library</h1>
      <p>Procedures, lectures, case studies and workshops from our specialists.</p>
    </section>
  );
}
