import { usePageTitle } from '@/components/page-title';

export default function SignupPage() {
  usePageTitle('Sign Up');
  return (
    <section className="page container">
      <h1>Sign Up</h1>
      <p>Create your account to book appointments and subscribe to a package.</p>
    </section>
  );
}
