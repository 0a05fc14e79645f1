/**
 * The audit log in words (the server stores codes: 'appointment.check-in', 'patients/abc').
 * An action not listed here reads as its code, so a new one still shows.
 */
const ACTIONS: Record<string, string> = {
  'appointment.list': 'Listed appointments',
  'appointment.read': 'Opened an appointment',
  'appointment.record.read': "Opened a visit's record",
  'appointment.file.read': 'Opened a prescription file',
  'appointment.deliveries.read': "Read an appointment's messages",
  'appointment.accept': 'Accepted an appointment',
  'appointment.decline': 'Declined an appointment',
  'appointment.check-in': 'Checked a patient in',
  'appointment.complete': 'Completed a visit',
  'appointment.no-show': 'Marked a no-show',
  'appointment.cancel': 'Cancelled an appointment',
  'appointment.reschedule': 'Moved an appointment',
  'patient.read': "Opened a patient's record",
  'patient.search': 'Searched patients',
  'patient.record.read': "Opened a patient's medical record",
  'patient.file.read': 'Opened a result file',
  'prescription.issue': 'Issued a prescription',
  'prescription.dispensed': 'Marked a prescription dispensed',
  'lab-request.create': 'Requested lab tests',
  'result.upload': 'Uploaded a lab result',
  'enquiry.list': 'Listed enquiries',
  'message.list': 'Listed contact messages',
  'order.list': 'Listed orders',
  'refund.list': 'Listed refunds',
  'callbacks.list': 'Listed call-back requests',
  'callback.tried': 'Tried to call a patient back',
  'callback.done': 'Called a patient back',
  'patient.deliveries.read': "Read a patient's messages",
  'patient.erase': 'Deleted their own account',
  'enquiry.pending': 'Set an enquiry to Pending',
  'enquiry.contacted': 'Marked an enquiry Contacted',
  'enquiry.closed': 'Closed an enquiry',
  'order.dispatched': 'Dispatched an order',
  'order.delivered': 'Marked an order delivered',
  'order.cancelled': 'Cancelled an order',
  'refund.refunded': 'Recorded a refund as paid',
  'newsletter.export': 'Exported the newsletter list',
  'schedule.update': "Changed a doctor's schedule",
  'capacity.update': "Changed a service's places per day",
  'role.revoke': 'Removed a staff role',
  'visit.join': 'Joined a video visit',
  'visit.read': 'Looked at a video visit',
  'visit.admit': 'Admitted the patient to a video visit',
  'visit.leave': 'Left a video visit',
  'visit.end': 'Ended a video visit',
};

export function auditActionText(action: string): string {
  const grant = /^role\.grant\.(\w+)$/.exec(action);
  if (grant) return `Gave the ${grant[1]} role`;
  const mode = /^visit\.mode\.(\w+)$/.exec(action);
  if (mode) return `Switched a video visit to ${mode[1]}`;
  return ACTIONS[action] ?? action;
}

/** A list or search reads a whole collection: its name as people say it. */
const COLLECTIONS: Record<string, string> = {
  appointments: 'Appointments',
  patients: 'Patients',
  enquiries: 'Enquiries',
  feedback: 'Contact messages',
  orders: 'Orders',
  refunds: 'Refunds',
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
    case 'callbacks':
      return { text: `Call-back ${short}`, to: '/staff/callbacks' };
    case 'doctorSchedules':
      return { text: `Schedule of ${id}`, to: '/staff/schedule' };
    case 'serviceCapacity':
      return { text: `Places of service ${id}`, to: '/staff/capacity' };
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
