import { usePageTitle } from '@/components/page-title';

export default function AppointmentsView() {
  usePageTitle('Appointments');
  return (
    <section className="page container">
      <h1>Appointments</h1>
      <p>Your pending appointments.</p>
    </section>
  );
}
