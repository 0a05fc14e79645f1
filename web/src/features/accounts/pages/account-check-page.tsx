import { usePageTitle } from '@/components/page-title';

export default function AccountCheckPage() {
  usePageTitle('Verify your account');
  return (
    <section className="page container">
      <h1>Verify your account</h1>
      <p>Enter the verification code we sent to your email address.</p>
    </section>
  );
}
