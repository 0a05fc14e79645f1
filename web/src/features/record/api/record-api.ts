/**
 * The console's calls for the record (docs/record.md; shapes in @api/record and
 * @api/staff-record): a patient's record, what a visit produced, prescriptions, lab
 * requests, result files and dispensing. Every read is audited by the server.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabRequestCreated, LabResult, PrescriptionIssued, PrescriptionRequest } from '@api/record';
import type { AppointmentRecord, PatientRecord, StaffPrescription } from '@api/staff-record';
import type { LabTest } from '@api/types';
import { staffKeys } from '@/features/staff/api/console-query';
import { api } from '@/lib/api-client';
import { fetchApiFile, uploadApiFile } from '@/lib/api-files';
import { saveBlob } from '@/lib/files';
import { CATALOG_STALE_MS } from '@/lib/query-client';

const opts = { auth: true } as const;
const id = encodeURIComponent;

export const recordKeys = {
  all: ['staff', 'record'] as const,
  patient: (patientId: string) => ['staff', 'record', 'patient', patientId] as const,
  appointment: (appointmentId: string) => ['staff', 'record', 'appointment', appointmentId] as const,
  labs: ['labs'] as const,
};

export const usePatientRecord = (patientId: string) =>
  useQuery({
    queryKey: recordKeys.patient(patientId),
    queryFn: ({ signal }) => api.get<PatientRecord>(`/staff/patients/${id(patientId)}/record`, { ...opts, signal }),
  });

export const useAppointmentRecord = (appointmentId: string) =>
  useQuery({
    queryKey: recordKeys.appointment(appointmentId),
    queryFn: ({ signal }) => api.get<AppointmentRecord>(`/staff/appointments/${id(appointmentId)}/record`, { ...opts, signal }),
  });

/** The lab price list the doctor picks from (the public catalog). */
export const useLabPriceList = (enabled: boolean) =>
  useQuery({
    queryKey: recordKeys.labs,
    queryFn: ({ signal }) => api.get<LabTest[]>('/labs/prices', { signal }),
    staleTime: CATALOG_STALE_MS,
    enabled,
  });

/** A change to the record: the record views and the appointment refetch once it settles. */
function useRecordChange<A, R>(change: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recordKeys.all });
      void queryClient.invalidateQueries({ queryKey: staffKeys.appointments });
    },
  });
}

export const usePrescribe = () =>
  useRecordChange(({ appointmentId, ...body }: PrescriptionRequest & { appointmentId: string }) =>
    api.post<PrescriptionIssued>(`/staff/appointments/${id(appointmentId)}/prescriptions`, body, opts),
  );

export const useRequestLabs = () =>
  useRecordChange(({ appointmentId, tests }: { appointmentId: string; tests: string[] }) =>
    api.post<LabRequestCreated>(`/staff/appointments/${id(appointmentId)}/lab-requests`, { tests }, opts),
  );

export const useMarkDispensed = () =>
  useRecordChange((prescriptionId: string) =>
    api.post<StaffPrescription>(`/staff/prescriptions/${id(prescriptionId)}/dispensed`, {}, opts),
  );

/** The file's own bytes go up; the server decides its type from them. */
export const useUploadResult = () =>
  useRecordChange(({ appointmentId, file }: { appointmentId: string; file: File }) =>
    uploadApiFile<LabResult>(`/staff/appointments/${id(appointmentId)}/results`, file, { name: file.name }),
  );

/** Opens (downloads) a result from the patient's record; the server logs each opening. */
export async function openStaffResult(patientId: string, result: Pick<LabResult, 'fileId' | 'name'>): Promise<void> {
  saveBlob(await fetchApiFile(`/staff/patients/${id(patientId)}/files/${id(result.fileId)}`), result.name);
}
