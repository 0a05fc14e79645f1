import { Link } from 'react-router-dom';
import { formatDate } from '@api/format';
import { PRIVACY_NOTICE_VERSION, RETENTION_TABLE } from '@api/retention';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { PageHero } from '@/shared/page-shell/page-sections';
import '../privacy.css';

const PRIVACY_EMAIL = 'privacy@expmedhealth.com.gh';
/** The notice's version is its date: consents given at sign-up store it. */
const UPDATED = formatDate(PRIVACY_NOTICE_VERSION);

export default function PrivacyPage() {
  usePageTitle('Privacy policy');

  return (
    <>
      <PageHero eyebrow="Privacy policy" title="How we look after your information">
        <p>
          {SITE.brand} follows Ghana’s Data Protection Act, 2012 (Act 843). This page says what we collect, why, who sees it, how
          long we keep it, and what you can ask of us.
        </p>
      </PageHero>

      <div className="section container">
        <div className="privacy">
          <p>Last updated: {UPDATED}.</p>

          <h2>Who we are</h2>
          <p>
            {SITE.brand}, {SITE.address}, is the data controller for the information you give us on this website and in our app.
            We are registered with the Data Protection Commission of Ghana, and our Data Protection Supervisor answers every
            question about your information.
          </p>

          <h2>What we collect and why</h2>
          <ul>
            <li>
              <strong>Your account:</strong> name, e-mail address, phone number, gender, city or location, and your consent to
              treatment. We need them to know who you are, reach you about your care and keep your records together.
            </li>
            <li>
              <strong>Appointments:</strong> who the appointment is for, the health problem you describe, the service, day and
              time, the doctor or lab tests you choose, and any prescription photo you upload. Our health workers need them to
              care for you.
            </li>
            <li>
              <strong>Your medical record:</strong> after a visit, the doctor’s notes (what you came with, what they found, their
              assessment and plan), the summary you read, prescriptions, lab tests requested and lab results. A health facility
              must keep a record of the care it gives; your doctors use it to care for you the next time.
            </li>
            <li>
              <strong>Payments:</strong> the amount, a payment reference and whether it is paid. You type card numbers and mobile
              money PINs on the payment provider’s secure page, never on ours, and we never see or keep them.
            </li>
            <li>
              <strong>Newsletter:</strong> your e-mail address, only to send you our newsletter, and only if you subscribe.
            </li>
            <li>
              <strong>Messages and enquiries:</strong> what you write to us through the contact and enquiry forms, to answer you.
            </li>
            <li>
              <strong>Protection from abuse:</strong> a one-way hash of your network address, for a few minutes, so nobody can
              flood our forms. We do not use advertising or tracking cookies.
            </li>
          </ul>
          <p>
            We process your information with your consent, to provide the care and services you ask for, and where the law
            requires it. Health information is special personal data under Act 843: we use it only for your care.
          </p>

          <h2>Who sees it</h2>
          <ul>
            <li>The doctors, nurses, lab staff and specialists who care for you, and only what they need for that care.</li>
            <li>Our front desk and accounts staff, to arrange appointments and confirm payments.</li>
            <li>
              Our payment provider, which receives the amount, a reference and (for mobile money) the number you pay from, to take
              the payment.
            </li>
            <li>
              Google Cloud (Firebase), which hosts this website and stores our records in its data centres in Belgium, under a
              contract that binds it to protect them and use them only on our instructions.
            </li>
          </ul>
          <p>
            We never sell your information or share it for advertising. We share it with others only with your consent, or where a
            court or the law requires it.
          </p>

          <h2>How long we keep it</h2>
          <table className="privacy-table">
            <caption className="visually-hidden">How long each kind of information is kept</caption>
            <thead>
              <tr>
                <th scope="col">Information</th>
                <th scope="col">How long we keep it</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION_TABLE.map(([what, howLong]) => (
                <tr key={what}>
                  <th scope="row">{what}</th>
                  <td>{howLong}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>Your rights</h2>
          <ul>
            <li>
              <strong>See your information:</strong> log in and press <em>Download my data</em> on your{' '}
              <Link to="/dashboard/profile">profile</Link> for a copy of your profile, packages, appointments, orders and medical
              record (the doctor’s notes included), or write to us.
            </li>
            <li>
              <strong>Correct it</strong> when it is wrong or out of date.
            </li>
            <li>
              <strong>Have it deleted</strong>, or object to how we use it, except records the law makes us keep.
            </li>
            <li>
              <strong>Stop marketing</strong> at any time: every newsletter e-mail has an unsubscribe link; press Unsubscribe on
              the page it opens and your address is deleted at once.
            </li>
            <li>
              <strong>Withdraw your consent</strong> at any time; it does not undo care already given.
            </li>
            <li>
              <strong>Complain</strong> to the Data Protection Commission of Ghana if you think we have not treated your
              information well.
            </li>
          </ul>
          <p>We answer every request within 21 days, free of charge.</p>

          <h2>How we protect it</h2>
          <p>
            Every connection to this site is encrypted. Only staff who need your information can reach it, each with their own
            sign-in, and your records can be read only through our secured service, never directly.
          </p>

          <h2>Contact us</h2>
          <p>
            Write to our Data Protection Supervisor at <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>, call{' '}
            <a href={SITE.phoneHref}>{SITE.phone}</a>, or visit us at {SITE.address}.
          </p>
        </div>
      </div>
    </>
  );
}
