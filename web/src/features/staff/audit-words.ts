import { formatDate } from '@api/format';
import { STAFF_ROLES } from '@api/staff';
import { ROLE_LABELS } from '@/features/staff/nav';

/**
 * The audit log in words (the server stores codes: 'appointment.check-in', 'patients/abc').
 * Every action the server writes has words here (audit-words.test.ts reads functions/src to keep
 * it so); one still missing reads as its code rather than vanishing.
 */
const ACTIONS: Record<string, string> = {
  'appointment.list': 'Listed appointments',
  'appointment.read': 'Opened an appointment',
  'appointment.book': 'Booked an appointment',
  'appointment.confirm': 'Confirmed a booking the clinic made',
  'appointment.assign': 'Assigned an appointment',
  'appointment.record.read': "Opened a visit's record",
  'appointment.file.read': 'Opened a prescription file',
  'appointment.deliveries.read': "Read an appointment's messages",
  'appointment.accept': 'Accepted an appointment',
  'appointment.decline': 'Declined an appointment',
  'appointment.on-the-way': 'Marked on the way',
  'appointment.check-in': 'Checked a patient in',
  'appointment.complete': 'Completed a visit',
  'appointment.no-show': 'Marked a no-show',
  'appointment.cancel': 'Cancelled an appointment',
  'appointment.reschedule': 'Moved an appointment',
  'appointments.day-sheet': 'Downloaded a day sheet',
  'closure.set': 'Closed a day',
  'closure.delete': 'Reopened a closed day',
  'mandate.start': 'Asked for a mobile money direct debit',
  'mandate.approved': 'Direct debit approved on the phone',
  'mandate.declined': 'Direct debit declined on the phone',
  'mandate.provider-failed': 'Direct debit not started (provider unreachable)',
  'mandate.charge': 'Direct debit charge sent',
  'mandate.charge-failed': 'Direct debit charge failed',
  'mandate.cancel.patient': 'Stopped their direct debit',
  'mandate.cancel.phone-changed': 'Direct debit stopped: phone number changed',
  'mandate.cancel.erased': 'Direct debit stopped: account erased',
  'mandate.cancel.package-stopped': 'Direct debit stopped: package no longer renews',
  'patient.create': 'Registered a patient',
  'patient.read': "Opened a patient's record",
  'patient.search': 'Searched patients',
  'patient.record.read': "Opened a patient's medical record",
  'patient.file.read': 'Opened a result file',
  'patient.phone.code': "Sent a code to check a patient's phone",
  'patient.phone.verify': "Checked a patient's phone",
  'patient.email.code': "Sent a code to check a patient's e-mail address",
  'patient.email.verify': "Checked a patient's e-mail address",
  'patient.claim': 'Claimed their clinic record',
  'patient.claim.mismatch': 'Tried to claim a clinic record (not claimed)',
  'patient.claim.waiting': 'Claimed a clinic record (waits for the desk to confirm them)',
  'patient.claim.confirm': 'Confirmed the person: their clinic record went to their account',
  'patient.deliveries.read': "Read a patient's messages",
  'patient.mandates.read': "Read a patient's direct debits",
  'patient.erase': 'Deleted their own account',
  'payment.link': 'Sent a payment link',
  'payment.desk.record': 'Recorded a payment at the desk',
  'payment.desk.again': 'Recorded a desk payment again (already paid)',
  'payment.desk.refund-due': 'Recorded a desk payment that is owed back',
  'prescription.issue': 'Issued a prescription',
  'prescription.dispensed': 'Marked a prescription dispensed',
  'lab-request.create': 'Requested lab tests',
  'result.upload': 'Uploaded a lab result',
  'enquiry.list': 'Listed enquiries',
  'enquiry.pending': 'Set an enquiry to Pending',
  'enquiry.contacted': 'Marked an enquiry Contacted',
  'enquiry.closed': 'Closed an enquiry',
  'message.list': 'Listed contact messages',
  'message.new': 'Set a message back to New',
  'message.replied': 'Marked a message replied',
  'message.closed': 'Closed a message',
  'message.reply': 'Replied to a message',
  'order.list': 'Listed orders',
  'order.read': 'Opened an order',
  'order.dispatched': 'Dispatched an order',
  'order.delivered': 'Marked an order delivered',
  'order.cancelled': 'Cancelled an order',
  'refund.list': 'Listed refunds',
  'refund.refunded': 'Recorded a refund as paid',
  'payment-alert.list': 'Listed payment alerts',
  'payment-alert.resolved': 'Resolved a payment alert',
  'phone-pin.reset': 'Reset the phone PIN (ID checked)',
  'callbacks.list': 'Listed call-back requests',
  'callback.tried': 'Tried to call a patient back',
  'callback.done': 'Called a patient back',
  'newsletter.export': 'Exported the newsletter list',
  'schedule.update': "Changed a doctor's schedule",
  'capacity.update': "Changed a service's places per day",
  'role.revoke': 'Removed a staff role',
  ...Object.fromEntries(STAFF_ROLES.map((role) => [`role.grant.${role}`, `Gave the ${ROLE_LABELS[role]} role`])),
  'visit.join': 'Joined a video visit',
  'visit.read': 'Looked at a video visit',
  'visit.admit': 'Admitted the patient to a video visit',
  'visit.leave': 'Left a video visit',
  'visit.end': 'Ended a video visit',
  'visit.move': 'Moved a video visit to the new time',
  'visit.host.assign': 'Made a clinician host of a video visit',
  'visit.host.remove': 'Took a clinician off a video visit',
  'visit.mode.video': 'Switched a visit to video',
  'visit.mode.audio': 'Switched a visit to sound only',
  'visit.mode.phone': 'Switched a visit to a phone call',
};

export const auditActionText = (action: string): string => ACTIONS[action] ?? action;

/** A list's filter as people say it: 'status=Due&cursor=x' -> 'status Due, a later page'. */
const FILTER_WORDS: Record<string, string> = {
  day: 'day',
  from: 'from',
  to: 'to',
  status: 'status',
  q: 'search',
  doctorId: 'doctor',
  serviceId: 'service',
  homeVisits: 'home visits',
  toDispatch: 'to dispatch',
  patientId: 'patient',
  needsRebooking: 'needing rebooking',
  state: 'status',
};

export function auditQueryText(query: string): string {
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    if (key === 'cursor') parts.push('a later page');
    else if (key === 'limit') continue;
    else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) parts.push(`${FILTER_WORDS[key] ?? key} ${formatDate(value)}`);
    else if (value === 'true') parts.push(FILTER_WORDS[key] ?? key);
    else parts.push(`${FILTER_WORDS[key] ?? key} “${value}”`);
  }
  return parts.join(', ');
}

/** A list or search reads a whole collection: its name as people say it. */
const COLLECTIONS: Record<string, string> = {
  appointments: 'Appointments',
  patients: 'Patients',
  enquiries: 'Enquiries',
  feedback: 'Contact messages',
  orders: 'Orders',
  refunds: 'Refunds',
  paymentAlerts: 'Payment alerts',
  callbacks: 'Call-backs',
  newsletter: 'Newsletter list',
};

/** What a target path names, and the console page that shows it when there is one. */
export function auditTargetOf(target: string, name?: string): { text: string; to?: string } {
  const [collection, id] = target.split('/');
  if (!id) return { text: COLLECTIONS[collection] ?? target };
  const short = id.slice(0, 8);
  switch (collection) {
    case 'appointments':
    case 'visits':
      return { text: `Appointment ${short}`, to: `/staff/appointments/${encodeURIComponent(id)}` };
    case 'patients':
      return id === 'erased'
        ? { text: 'An erased account' }
        : { text: name ? `Patient ${name}` : `Patient ${short}`, to: `/staff/patients/${encodeURIComponent(id)}` };
    case 'users':
      return { text: name ?? `Account ${short}` };
    case 'enquiries':
      return { text: `Enquiry ${short}`, to: '/staff/inbox' };
    case 'orders':
      return { text: `Order ${short}`, to: '/staff/orders' };
    case 'refunds':
      return { text: `Refund ${short}`, to: '/staff/refunds' };
    case 'paymentAlerts':
      return { text: `Payment alert ${short}`, to: '/staff/refunds' };
    case 'callbacks':
      return { text: `Call-back ${short}`, to: '/staff/callbacks' };
    case 'doctorSchedules':
      return { text: `Schedule of ${id}`, to: '/staff/schedule' };
    case 'serviceCapacity':
      return { text: `Places of service ${id}`, to: '/staff/capacity' };
    case 'mandates':
      return { text: `Direct debit of package ${short}` };
    case 'prescriptions':
      return { text: `Prescription ${short}` };
    case 'labRequests':
      return { text: `Lab request ${short}` };
    case 'files':
      return { text: `Result file ${short}` };
    default:
      return { text: target };
  }
}
