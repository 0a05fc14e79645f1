import { DetailsList } from '@/components/details-list';
import { usePageTitle } from '@/components/page-title';
import { useSession } from '@/shared/session/session';
import { ConsentsCard } from '@/features/dashboard/components/consents-card';
import { DeleteAccount } from '@/features/dashboard/components/delete-account';
import { DownloadMyData } from '@/features/dashboard/components/download-my-data';
import { FamilyMembersCard } from '@/features/dashboard/components/family-members-card';
import { PhoneCard } from '@/features/dashboard/components/phone-card';
import { PhonePinCard } from '@/features/dashboard/components/phone-pin-card';
import { ProfileForm } from '@/features/dashboard/components/profile-form';
import { RecordOpeningsCard } from '@/features/dashboard/components/record-openings-card';
import { SubscriptionCard } from '@/features/dashboard/components/subscription-card';

/** Profile: the patient's details (editable), package, consents, data, who opened their record, and account. The dashboard layout has already checked the session. */
export default function ProfileView() {
  usePageTitle('Profile');
  const session = useSession();
  if (session.status !== 'signed-in' || !session.patient) return null;
  const patient = session.patient;
  return (
    <>
      <h1>Profile</h1>
      <DetailsList
        rows={[
          ['Full name', `${patient.firstName} ${patient.lastName}`],
          [
            'Account status',
            <span key="status" className={`status-badge${patient.accountStatus === 'Activated' ? '' : ' pending'}`}>
              {patient.accountStatus}
            </span>,
          ],
        ]}
      />
      <div className="profile-grid">
        <ProfileForm patient={patient} />
        <PhoneCard patient={patient} />
        <PhonePinCard patientId={patient.patientId} />
        <SubscriptionCard patientId={patient.patientId} />
        <FamilyMembersCard patientId={patient.patientId} />
        <ConsentsCard patientId={patient.patientId} />
        <DownloadMyData patientId={patient.patientId} />
        <RecordOpeningsCard patientId={patient.patientId} />
        <DeleteAccount />
      </div>
    </>
  );
}
