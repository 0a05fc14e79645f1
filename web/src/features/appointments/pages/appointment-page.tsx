import { usePageTitle } from '@/components/page-title';

export default function AppointmentPage() {
  usePageTitle('Book Appointment');
  return (
    <section className="page container">
      <h1>Book Appointment</h1>
      <p>Choose a service and a day that suits you.</p>
    </section>
  );
}
