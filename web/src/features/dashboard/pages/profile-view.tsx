import { DetailsList, type DetailRow } from '@/components/details-list';
import { usePageTitle } from '@/components/page-title';
import { GENDERS } from '@/lib/choices';
import { useSession } from '@/features/accounts/session';
import { DownloadMyData } from '@/features/dashboard/components/download-my-data';
import { SubscriptionCard } from '@/features/dashboard/components/subscription-card';

/** Profile: the patient's details and package. The dashboard layout has already checked the session. */
export default function ProfileView() {
  usePageTitle('Profile');
  const session = useSession();
  if (session.status !== 'signed-in' || !session.patient) return null;
  const patient = session.patient;
  const gender = GENDERS.find((g) => g.id === patient.gender)?.itemName ?? patient.gender;
  const rows: DetailRow[] = [
    ['Full name', `${patient.firstName} ${patient.lastName}`],
    ['Contact', patient.contactNumber],
    ['Email', patient.emailAddress],
    ['Gender', gender],
    ['City/location', patient.patientLocation],
    [
      'Account status',
      <span key="status" className={`status-badge${patient.accountStatus === 'Activated' ? '' : ' pending'}`}>
        {patient.accountStatus}
      </span>,
    ],
  ];
  return (
    <>
      <h1>Profile</h1>
      <div className="profile-grid">
        <section className="profile-card" aria-labelledby="details-heading">
          <h2 id="details-heading">My details</h2>
          <DetailsList rows={rows} />
        </section>
        <SubscriptionCard patientId={patient.patientId} />
        <DownloadMyData patientId={patient.patientId} />
      </div>
    </>
  );
}
