import { api } from '@/lib/api-client';

/** Everything the clinic holds about the patient (Act 843), as the server assembles it. */
export const fetchMyData = (patientId: string) =>
  api.get<Record<string, unknown>>(`/patient/${encodeURIComponent(patientId)}/export`, { auth: true });
