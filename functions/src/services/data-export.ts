import { PRIVACY_NOTICE_VERSION } from '../api/retention';
import type { PatientDataExport } from '../api/types';
import { ordersOf } from '../store/orders';
import { appointmentHistory, DELETED, pendingAppointments } from './appointments';
import { getConsents, getPatient } from './patients';
import { formsSentFrom } from './public-forms';
import { listSubscriptions } from './subscriptions';
import { listDependants } from './dependants';
import { ghanaTimestamp } from '../api/format';
import { appointmentsOf } from '../store/appointments';
import { patientPrescriptions } from './prescriptions';
import { patientLabRequests } from './lab-requests';

/**
 * The patient's own records as the API shows them to them: the profile without verification
 * codes (those live apart and never leave the server), prescription files described but not
 * included, payments as their status on each record, consents with dates and the notice's
 * version, and what was sent from their e-mail through the contact and enquiry forms. The
 * record after visits is all here: prescriptions, lab requests, result files described on
 * their appointments, and the clinic's visit notes (Act 843 gives the patient access to the
 * data held about them; docs/record.md says why the notes are in this copy).
 */
export async function exportPatientData(uid: string): Promise<PatientDataExport> {
  const profile = await getPatient(uid);
  const [subscriptions, pending, history, orders, consents, forms, dependants, prescriptions, labRequests, stored] =
    await Promise.all([
      listSubscriptions(uid),
      pendingAppointments(uid),
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
    a.clinicalNotes && a.appointmentStatus !== DELETED
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
  return {
    exportedAt: ghanaTimestamp(),
    controller: 'ExpMed Health',
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    profile,
    consents,
    subscriptions,
    dependants,
    appointments: [...pending, ...history],
    orders,
    newsletter: consents.marketing,
    contactMessages: forms.feedback.map((d) => d.data()),
    enquiries: forms.enquiries.map((d) => d.data()),
    prescriptions,
    labRequests,
    visitNotes,
  };
}
