import { PRIVACY_NOTICE_VERSION } from '../../api/retention';
import { APPOINTMENT_STATUS, type PatientDataExport } from '../../api/types';
import { ordersOf } from '../../store/orders';
import { appointmentHistory, upcomingAppointments } from '../booking/appointments';
import { getConsents, getPatient } from './patients';
import { formsSentFrom } from '../public/public-forms';
import { listSubscriptions } from '../packages/subscriptions';
import { listDependants } from '../packages/dependants';
import { withoutInternal } from '../../api/data-export';
import { ghanaTimestamp } from '../../api/format';
import { appointmentsOf } from '../../store/appointments';
import { patientPrescriptions } from '../record/prescriptions';
import { patientLabRequests } from '../record/lab-requests';

/**
 * The patient's own records as the API shows them to them, without the system's own fields
 * (api/data-export.ts): the profile without verification codes (those live apart and never leave the server), prescription files described but not
 * included, payments as their status on each record, consents with dates and the notice's
 * version, and what was sent from their e-mail through the contact and enquiry forms. The
 * record after visits is all here: prescriptions, lab requests, result files described on
 * their appointments, and the clinic's visit notes (Act 843 gives the patient access to the
 * data held about them; docs/record.md says why the notes are in this copy).
 */
export async function exportPatientData(uid: string): Promise<PatientDataExport> {
  const profile = await getPatient(uid);
  const [subscriptions, upcoming, history, orders, consents, forms, dependants, prescriptions, labRequests, stored] =
    await Promise.all([
      listSubscriptions(uid),
      upcomingAppointments(uid),
      appointmentHistory(uid),
      ordersOf(uid),
      getConsents(uid),
      formsSentFrom(profile.emailAddress),
      listDependants(uid),
      patientPrescriptions(uid),
      patientLabRequests(uid),
      appointmentsOf(uid),
    ]);
  const visitNotes = stored.flatMap((a) =>
    a.clinicalNotes && a.appointmentStatus !== APPOINTMENT_STATUS.Deleted
      ? [
          {
            appointmentId: a.appointmentId,
            requestedService: a.requestedService,
            requestedDay: a.requestedDay,
            clinicalNotes: a.clinicalNotes,
          },
        ]
      : [],
  );
  // The system's own fields (device tokens, app build, checkout plumbing) are not the patient's data.
  return withoutInternal({
    exportedAt: ghanaTimestamp(),
    controller: 'ExpMed Health',
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    profile,
    consents,
    subscriptions,
    dependants,
    appointments: [...upcoming, ...history],
    orders,
    newsletter: consents.marketing,
    contactMessages: forms.feedback.map((d) => d.data()),
    enquiries: forms.enquiries.map((d) => d.data()),
    prescriptions,
    labRequests,
    visitNotes,
  });
}
