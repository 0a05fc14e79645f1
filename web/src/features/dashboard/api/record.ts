/**
 * The patient's record after visits (docs/record.md): their prescriptions (each also as a
 * PDF made by the server), the lab tests doctors requested, and who opened the record. Results and follow-ups are on
 * the appointments themselves.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LabRequest, Prescription, RecordOpenings } from '@api/record';
import { api } from '@/lib/api-client';
import { fetchApiFile } from '@/lib/api-files';
import { saveBlob } from '@/lib/files';

const id = encodeURIComponent;

export const recordKeys = {
  prescriptions: (patientId: string) => ['record', 'prescriptions', patientId] as const,
  labRequests: (patientId: string) => ['record', 'lab-requests', patientId] as const,
  openings: (patientId: string) => ['record', 'openings', patientId] as const,
};

export const usePrescriptions = (patientId: string | undefined) =>
  useQuery({
    queryKey: recordKeys.prescriptions(patientId ?? ''),
    queryFn: ({ signal }) => api.get<Prescription[]>(`/prescriptions/${id(patientId!)}`, { auth: true, signal }),
    enabled: !!patientId,
  });

export const useLabRequests = (patientId: string | undefined) =>
  useQuery({
    queryKey: recordKeys.labRequests(patientId ?? ''),
    queryFn: ({ signal }) => api.get<LabRequest[]>(`/lab-requests/${id(patientId!)}`, { auth: true, signal }),
    enabled: !!patientId,
  });

/** Who opened the record, when and through which appointment (the audit log), newest first, page by page ('Show older'). */
export const useRecordOpenings = (patientId: string) =>
  useInfiniteQuery({
    queryKey: recordKeys.openings(patientId),
    queryFn: ({ pageParam, signal }) =>
      api.get<RecordOpenings>(`/patient/${id(patientId)}/record-openings`, {
        auth: true,
        signal,
        query: { cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The prescription as a PDF the server makes (application/pdf, never cached). */
export async function downloadPrescriptionPdf(
  patientId: string,
  p: Pick<Prescription, 'prescriptionId' | 'code'>,
): Promise<void> {
  saveBlob(await fetchApiFile(`/prescriptions/${id(patientId)}/${id(p.prescriptionId)}/pdf`), `prescription-${p.code}.pdf`);
}
