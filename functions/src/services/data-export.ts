import type { PatientDataExport } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { appointmentHistory, pendingAppointments } from './appointments';
import { getPatient } from './patients';
import { plainRecord } from './payments';
import { newsletterIdOf } from './public-forms';
import { listSubscriptions } from './subscriptions';
import { ghanaTimestamp } from './time';

/**
 * The patient's own records as the API shows them to them: the profile without verification
 * codes (those live apart and never leave the server), prescription files described but not
 * included, payments as their status on each record.
 */
export async function exportPatientData(uid: string): Promise<PatientDataExport> {
  const profile = await getPatient(uid);
  const [subscriptions, pending, history, orders, newsletter] = await Promise.all([
    listSubscriptions(uid),
    pendingAppointments(uid),
    appointmentHistory(uid),
    db().collection(COLLECTIONS.orders).where('patientId', '==', uid).get(),
    db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(profile.emailAddress)).get(),
  ]);
  return {
    exportedAt: ghanaTimestamp(),
    controller: 'ExpMed Health',
    profile,
    subscriptions,
    appointments: [...pending, ...history],
    orders: orders.docs.map((d) => ({ ...plainRecord(d.data()), id: d.id })),
    newsletter: newsletter.exists ? { subscribed: true, since: String(newsletter.get('date')) } : { subscribed: false },
  };
}
