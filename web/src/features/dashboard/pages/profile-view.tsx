import { usePageTitle } from '@/components/page-title';

export default function ProfileView() {
  usePageTitle('Profile');
  return (
    <section className="page container">
      <h1>Profile</h1>
      <p>Your details and subscription.</p>
    </section>
  );
}
