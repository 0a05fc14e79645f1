import type { PatientDataExport } from '../api/types';
import { ordersOf } from '../store/orders';
import { newsletterCollection } from '../store/public-forms';
import { appointmentHistory, pendingAppointments } from './appointments';
import { getPatient } from './patients';
import { newsletterIdOf } from './public-forms';
import { listSubscriptions } from './subscriptions';
import { ghanaTimestamp } from '../api/format';

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
    ordersOf(uid),
    newsletterCollection().doc(newsletterIdOf(profile.emailAddress)).get(),
  ]);
  return {
    exportedAt: ghanaTimestamp(),
    controller: 'ExpMed Health',
    profile,
    subscriptions,
    appointments: [...pending, ...history],
    orders,
    newsletter: newsletter.exists ? { subscribed: true, since: String(newsletter.data()?.date) } : { subscribed: false },
  };
}
