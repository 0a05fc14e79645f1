/**
 * The front desk and the field (docs/front-desk.md; shapes and schemas in @api/front-desk):
 * people the clinic holds without an account and their phone and e-mail checks, bookings and payments
 * taken at the desk, home visits' assignment, the day sheet, and replies to contact messages.
 * Each change invalidates what it touches under the console's ['staff'] keys.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  AssignRequest,
  ClaimConfirmed,
  ClinicPatientCreated,
  ClinicPatientRequest,
  Clinician,
  DeskCodeChannel,
  DeskPaymentOutcome,
  DeskPaymentRequest,
  EmailVerified,
  MessageStatus,
  PaymentLinkSent,
  PhoneCodeSent,
  PhoneVerified,
  StaffBookingRequest,
} from '@api/front-desk';
import type { Appointment } from '@api/types';
import { api } from '@/lib/api-client';
import { downloadFile, staffKeys, useChange, useStatusChange, type ContactMessage } from '@/features/staff/api/staff-api';

const opts = { auth: true } as const;
const id = encodeURIComponent;

export const deskKeys = {
  clinicians: [...staffKeys.all, 'clinicians'] as const,
};

// ---- people ----

/** POST /staff/patients: a person without an account (409 with data ExistingPerson when the phone is someone's). */
export const useAddPerson = () =>
  useChange(
    (person: ClinicPatientRequest) => api.post<ClinicPatientCreated>('/staff/patients', person, opts),
    [staffKeys.patients],
  );

/** POST /staff/patients/{id}/phone/code (or .../email/code): an SMS (or e-mailed) code the person reads back to the desk. */
export const sendDeskCode = (patientId: string, channel: DeskCodeChannel) =>
  api.post<PhoneCodeSent>(`/staff/patients/${id(patientId)}/${channel}/code`, {}, opts);

/** POST /staff/patients/{id}/phone/verify (or .../email/verify): the code read back proves the phone (or e-mail address). */
export const useVerifyDeskCode = (channel: DeskCodeChannel) =>
  useChange(
    ({ patientId, code }: { patientId: string; code: string }) =>
      api.post<PhoneVerified | EmailVerified>(`/staff/patients/${id(patientId)}/${channel}/verify`, { code }, opts),
    [staffKeys.patients],
  );

/** POST /staff/patients/{id}/confirm-claim: the desk has checked the person; the record goes to their account. */
export const useConfirmClaim = () =>
  useChange(
    ({ patientId, accountId }: { patientId: string; accountId: string }) =>
      api.post<ClaimConfirmed>(`/staff/patients/${id(patientId)}/confirm-claim`, { accountId }, opts),
    [staffKeys.patients, staffKeys.appointments],
  );

/** POST /staff/patients/{id}/phone-pin/reset: the person's ID checked, their phone PIN is forgotten (docs/ussd.md 'The PIN'). */
export const useResetPhonePin = () =>
  useChange(
    (patientId: string) =>
      api.post<{ reset: boolean }>(`/staff/patients/${id(patientId)}/phone-pin/reset`, { idChecked: true }, opts),
    [staffKeys.audit],
  );

// ---- booking and payment at the desk ----

/** POST /staff/appointments: the same rules as a patient's own booking; the server fixes the fee. */
export const useDeskBooking = () =>
  useChange(
    (booking: StaffBookingRequest) => api.post<Appointment>('/staff/appointments', booking, opts),
    [staffKeys.appointments, staffKeys.patients, ['appointments']],
  );

/** POST /staff/payments/{clientReference}/record: cash or mobile money taken at the desk (the amount is the record's). */
export const useRecordPayment = () =>
  useChange(
    ({ clientReference, ...body }: DeskPaymentRequest & { clientReference: string }) =>
      api.post<DeskPaymentOutcome>(`/staff/payments/${id(clientReference)}/record`, body, opts),
    [staffKeys.appointments, staffKeys.orders, staffKeys.refunds, staffKeys.patients],
  );

/** POST /staff/payments/{clientReference}/link: the checkout's link by SMS to the patient's phone. */
export const useSendPaymentLink = () =>
  useChange(
    (clientReference: string) => api.post<PaymentLinkSent>(`/staff/payments/${id(clientReference)}/link`, {}, opts),
    [staffKeys.appointments],
  );

// ---- home visits ----

/** GET /staff/clinicians: the doctors and nurses a home visit can be assigned to. */
export const useClinicians = (enabled = true) =>
  useQuery({
    queryKey: deskKeys.clinicians,
    queryFn: ({ signal }) => api.get<Clinician[]>('/staff/clinicians', { ...opts, signal }),
    enabled,
  });

export const useAssign = () =>
  useChange(
    ({ appointmentId, ...body }: AssignRequest & { appointmentId: string }) =>
      api.post<Appointment>(`/staff/appointments/${id(appointmentId)}/assign`, body, opts),
    [staffKeys.appointments],
  );

// ---- the inbox ----

export const useSetMessageStatus = () => useStatusChange<MessageStatus, ContactMessage>('messages', [staffKeys.messages]);

/** POST /staff/messages/{id}/reply: mailed to the sender and kept with the message. */
export const useReplyToMessage = () =>
  useChange(
    ({ messageId, text }: { messageId: string; text: string }) =>
      api.post<ContactMessage>(`/staff/messages/${id(messageId)}/reply`, { text }, opts),
    [staffKeys.messages],
  );

// ---- the day sheet ----

/** Whose day a sheet lists: one doctor's, or the home visits'. */
export type SheetOf = { doctorId: string } | { homeVisits: true };

/** GET /staff/appointments/day-sheet.csv?day=&doctorId= or &homeVisits=true. */
export function downloadDaySheet(day: string, of: SheetOf, fileName: string): Promise<void> {
  const query = new URLSearchParams({ day, ...('doctorId' in of ? { doctorId: of.doctorId } : { homeVisits: 'true' }) });
  return downloadFile(`/staff/appointments/day-sheet.csv?${query}`, fileName, 'The day sheet could not be downloaded.');
}
