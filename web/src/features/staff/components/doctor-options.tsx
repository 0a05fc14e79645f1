import type { Doctor } from '@api/types';

/** 'Dr Ama Mensah' */
export const doctorName = (d: Pick<Doctor, 'otherNames' | 'surname'>) => `Dr ${d.otherNames} ${d.surname}`;

/** 'Dr Ama Mensah (Paediatrics)', where a doctor is chosen for their own work (roles, schedule). */
export const doctorWithSpecialty = (d: Doctor) => `${doctorName(d)} (${d.specialty})`;

/** A select's options, one per doctor of the list (none while it loads), each named by `name`. */
export function DoctorOptions({ doctors, name = doctorName }: { doctors: Doctor[] | undefined; name?: (d: Doctor) => string }) {
  return (
    <>
      {doctors?.map((d) => (
        <option key={d.doctorId} value={d.doctorId}>
          {name(d)}
        </option>
      ))}
    </>
  );
}
