import { MAX_PATIENT_RESULTS, type StaffPatientView } from '../../api/staff';
import { APPOINTMENT_STATUS, type Patient } from '../../api/types';
import { appointmentsOf } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { ordersOfPatient } from '../../store/orders';
import { findPatient, patientsByPrefix } from '../../store/patients';
import { writeAudit } from '../../store/staff';
import { asOrder } from '../orders/order-desk';
import { listSubscriptions } from '../packages/subscriptions';
import { phonePrefixOf } from '../shared/phone-search';
import { audit, type Staff } from '../shared/staff-access';
import { getPatient } from './patients';

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/**
 * GET /staff/patients?q=: prefix search on what is stored (e-mail in lower case, phone as
 * +233... whatever form it is typed in, names as typed and title-cased), at most
 * MAX_PATIENT_RESULTS. Clinic records (source CLINIC) are found like accounts; one an account
 * has claimed is that account now, so it is left out.
 */
export async function searchPatients(staff: Staff, q: string): Promise<Patient[]> {
  const tries: [string, string][] = [['emailAddress', q.toLowerCase()]];
  const phone = phonePrefixOf(q);
  if (phone) tries.push(['contactNumber', phone]);
  else for (const name of new Set([q, titleCase(q)])) tries.push(['firstName', name], ['lastName', name]);
  const found = await Promise.all(tries.map(([field, prefix]) => patientsByPrefix(field, prefix, MAX_PATIENT_RESULTS)));
  const byId = new Map<string, Patient>();
  for (const p of found.flat()) {
    // A clinic record someone has claimed is kept only as a pointer to their account: not a person to find.
    if (byId.size >= MAX_PATIENT_RESULTS || p.claimedBy) continue;
    byId.set(String(p.patientId), { ...p, source: (p.source as Patient['source']) ?? 'WEBSITE' } as Patient);
  }
  const patientIds = [...byId.keys()];
  await writeAudit(audit(staff, 'patient.search', COLLECTIONS.patients, { query: q, count: patientIds.length, patientIds }));
  return [...byId.values()];
}

/** GET /staff/patients/{patientId}: the record and everything booked, subscribed and ordered; the read is audited. */
export async function patientView(staff: Staff, patientId: string): Promise<StaffPatientView> {
  const patient = await getPatient(patientId);
  // The account a claim waits on, so the desk can check it is the person in front of them.
  const claimantId = patient.claimedBy ? undefined : (patient.claimWaiting ?? patient.claimMismatch)?.accountId;
  const [appointments, subscriptions, orders, claimant] = await Promise.all([
    appointmentsOf(patientId),
    listSubscriptions(patientId),
    ordersOfPatient(patientId),
    claimantId ? findPatient(claimantId) : undefined,
  ]);
  const patientIds = claimant ? [patientId, claimant.patientId] : [patientId];
  await writeAudit(audit(staff, 'patient.read', `${COLLECTIONS.patients}/${patientId}`, { patientIds }));
  return {
    patient,
    ...(claimant
      ? {
          claimant: {
            patientId: claimant.patientId,
            name: `${claimant.firstName} ${claimant.lastName}`.trim(),
            emailAddress: claimant.emailAddress,
          },
        }
      : {}),
    appointments: appointments
      .filter((a) => a.appointmentStatus !== APPOINTMENT_STATUS.Deleted)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    subscriptions,
    orders: orders.map(({ id, data }) => asOrder(id, data)),
  };
}
