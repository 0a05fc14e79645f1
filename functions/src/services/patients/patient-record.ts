import { registerSchema } from '../../api/account-requests';
import type { Patient, PatientFields } from '../../api/types';

/** The stored record as the API shows it: only the known patient fields. */
export function toPatient(data: Patient): Patient {
  const picked = Object.fromEntries(
    Object.keys(registerSchema.fields)
      .filter((k) => k !== 'patientId')
      .map((k) => [k, data[k as keyof PatientFields]]),
  ) as Partial<PatientFields>;
  return {
    ...(picked as PatientFields),
    patientId: data.patientId,
    accountStatus: data.accountStatus,
    userType: data.userType,
    entryDate: data.entryDate,
    lastLogIn: data.lastLogIn,
    verifyDate: data.verifyDate,
    wallet: data.wallet,
    balance: data.balance,
    reminderPreferences: data.reminderPreferences ?? { sms: true, email: true },
    ...(data.treatmentConsent ? { treatmentConsent: data.treatmentConsent } : {}),
    // Where the record comes from (the front desk's clinic records, api/front-desk.ts), its proved phone, who claimed it.
    source: data.source ?? 'WEBSITE',
    ...(data.phoneVerifiedAt ? { phoneVerifiedAt: data.phoneVerifiedAt } : {}),
    ...(data.emailVerifiedAt ? { emailVerifiedAt: data.emailVerifiedAt } : {}),
    ...(data.claimedBy ? { claimedBy: data.claimedBy, claimedAt: data.claimedAt } : {}),
    ...(data.claimMismatch ? { claimMismatch: data.claimMismatch } : {}),
    ...(data.claimWaiting ? { claimWaiting: data.claimWaiting } : {}),
    ...(data.clinicClaim ? { clinicClaim: data.clinicClaim } : {}),
  };
}
