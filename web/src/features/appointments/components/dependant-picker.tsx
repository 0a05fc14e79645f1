import { useFormikContext } from 'formik';
import { useEffect, useId } from 'react';
import { useDependants, type Dependant } from '@/shared/patient/dependants';
import type { BookingValues } from '@/features/appointments/api/appointments';

/** The values with no dependant named (an empty id is not one: the field is left out). */
function withoutDependant(values: BookingValues): BookingValues {
  const { dependantId: _dropped, ...rest } = values;
  return rest;
}

/** The dependant's details for the booking; the patient stays the contact (e-mail, phone, location). */
export function dependantValues(d: Dependant, contact: Partial<BookingValues> | undefined): Partial<BookingValues> {
  return {
    dependantId: d.id,
    firstName: d.firstName,
    lastName: d.lastName,
    gender: d.gender,
    emailAddress: contact?.emailAddress ?? '',
    contactNumber: contact?.contactNumber ?? '',
    location: contact?.location ?? '',
  };
}

/**
 * 'Someone else' with family members on the account: pick one to fill in their details (the
 * booking then names them by dependantId, so a Family Care package can cover them).
 */
export function DependantPicker({ patientId, contact }: { patientId?: string; contact?: Partial<BookingValues> }) {
  const { values, setValues } = useFormikContext<BookingValues>();
  const dependants = useDependants(values.bookFor === 'OTHERS' ? patientId : undefined).data ?? [];
  const id = useId();
  const { bookFor, dependantId } = values;
  useEffect(() => {
    // Booking for oneself again: no dependant is named.
    if (bookFor !== 'OTHERS' && dependantId) void setValues((v) => withoutDependant(v), false);
  }, [bookFor, dependantId, setValues]);
  if (bookFor !== 'OTHERS' || dependants.length === 0) return null;

  function pick(chosenId: string) {
    const chosen = dependants.find((d) => d.id === chosenId);
    if (chosen) void setValues((v) => ({ ...v, ...dependantValues(chosen, contact) }), false);
    else void setValues((v) => ({ ...withoutDependant(v), firstName: '', lastName: '', gender: '' }), false);
  }

  return (
    <div className="field dependant-picker">
      <label htmlFor={id}>Family member</label>
      <select id={id} value={dependantId ?? ''} onChange={(e) => pick(e.target.value)}>
        <option value="">Someone not on my list</option>
        {dependants.map((d) => (
          <option key={d.id} value={d.id}>
            {d.firstName} {d.lastName} ({d.relation})
          </option>
        ))}
      </select>
      <p className="field-hint">Their details fill in below; we contact you about the appointment.</p>
    </div>
  );
}
