/**
 * The desk's patients (docs/front-desk.md; shapes and schemas in @api/staff and
 * @api/front-desk): finding and reading a person, what was sent to them, their direct debits,
 * people the clinic holds without an account and their phone and e-mail checks, a claim and a
 * PIN reset. Every key sits under the console's shared patients root (or an appointment's), so
 * the changes other areas make to a patient reach these reads.
 */
import { useQuery } from '@tanstack/react-query';
import type { MandateView } from '@api/direct-debit';
import type {
  ClaimConfirmed,
  ClinicPatientCreated,
  ClinicPatientRequest,
  DeskCodeChannel,
  EmailVerified,
  PhoneCodeSent,
  PhoneVerified,
} from '@api/front-desk';
import type { Delivery } from '@api/notifications';
import type { StaffPatientView } from '@api/staff';
import type { Patient } from '@api/types';
import { api } from '@/lib/api-client';
import { staffKeys, useChange } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;
const id = encodeURIComponent;

export const patientKeys = {
  search: (q: string) => [...staffKeys.patients, 'search', q] as const,
  detail: (patientId: string) => [...staffKeys.patients, 'detail', patientId] as const,
  mandates: (patientId: string) => [...staffKeys.patients, 'mandates', patientId] as const,
  /** Under the appointment's or the patient's root, so a change to either refreshes what was sent. */
  deliveries: (about: 'appointments' | 'patients', recordId: string) =>
    [...staffKeys.all, about, 'deliveries', recordId] as const,
};

// ---- reads ----

export const usePatientSearch = (q: string) =>
  useQuery({
    queryKey: patientKeys.search(q),
    queryFn: ({ signal }) => api.get<Patient[]>('/staff/patients', { ...opts, signal, query: { q } }),
    enabled: q.length >= 2,
  });

export const useStaffPatient = (patientId: string, enabled = true) =>
  useQuery({
    queryKey: patientKeys.detail(patientId),
    queryFn: ({ signal }) => api.get<StaffPatientView>(`/staff/patients/${id(patientId)}`, { ...opts, signal }),
    enabled,
  });

/** The e-mails and SMS about an appointment or a patient (GET /staff/{about}/{id}/deliveries). */
export const useDeliveries = (about: 'appointments' | 'patients', recordId: string) =>
  useQuery({
    queryKey: patientKeys.deliveries(about, recordId),
    queryFn: ({ signal }) => api.get<Delivery[]>(`/staff/${about}/${id(recordId)}/deliveries`, { ...opts, signal }),
  });

/** A patient's direct debits, newest first (GET /staff/patients/{id}/mandates; docs/direct-debit.md). */
export const usePatientMandates = (patientId: string) =>
  useQuery({
    queryKey: patientKeys.mandates(patientId),
    queryFn: ({ signal }) =>
      api.get<(MandateView & { endedBecause?: string })[]>(`/staff/patients/${id(patientId)}/mandates`, { ...opts, signal }),
  });

// ---- people the desk adds and checks ----

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
