import type { PatientDataExport } from '@api/types';
import { api } from '@/lib/api-client';

/** Everything the clinic holds about the patient (Act 843), as the server assembles it. */
export const fetchMyData = (patientId: string) =>
  api.get<PatientDataExport>(`/patient/${encodeURIComponent(patientId)}/export`, { auth: true });
