import { PackageCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { ValidationError, type AnySchema } from 'yup';
import { rxDispenseSchema, rxProofSchema } from '@api/record';
import { useRxDispense, useRxItems } from '@/features/rx/api/rx';
import { MedicineList } from '@/components/prescription-card';

/** The first message of a schema's check of `value`, or undefined when it passes. */
function firstError(schema: AnySchema, value: unknown): string | undefined {
  try {
    schema.validateSync(value, { abortEarly: true });
    return undefined;
  } catch (err) {
    return err instanceof ValidationError ? err.message : String(err);
  }
}

function Field({
  label,
  hint,
  value,
  onChange,
  ...input
}: { label: string; hint?: string; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The medicines, after the pharmacist proves the patient (initials and year of birth); then the one-time dispense. */
export function Medicines({ code }: { code: string }) {
  const [initials, setInitials] = useState('');
  const [birthYear, setBirthYear] = useState('');
  const [pharmacy, setPharmacy] = useState('');
  const [error, setError] = useState<string>();
  const items = useRxItems(code);
  const dispense = useRxDispense(code);
  const proof = { initials, birthYear: birthYear.trim() === '' ? undefined : Number(birthYear) };

  function show(e: FormEvent) {
    e.preventDefault();
    const invalid = firstError(rxProofSchema, proof);
    setError(invalid);
    if (!invalid) items.mutate(rxProofSchema.cast(proof));
  }

  function markDispensed(e: FormEvent) {
    e.preventDefault();
    const body = { ...proof, pharmacy };
    const invalid = firstError(rxDispenseSchema, body);
    setError(invalid);
    if (!invalid) dispense.mutate(rxDispenseSchema.cast(body));
  }

  const failed = error ?? items.error?.message ?? dispense.error?.message;
  return (
    <>
      {!items.data && (
        <form className="rx-form" aria-label="Show the medicines" noValidate onSubmit={show}>
          <div className="rx-proof two-up">
            <Field
              label="Patient’s initials"
              hint="The first letter of each of the patient’s names, as on the prescription, e.g. ASB."
              value={initials}
              onChange={setInitials}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
            />
            <Field
              label="Patient’s year of birth"
              hint="From the patient’s card or ID, e.g. 1984."
              value={birthYear}
              onChange={setBirthYear}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={items.isPending}>
            Show the medicines
          </button>
        </form>
      )}
      {items.data && (
        <>
          <h3>Medicines</h3>
          <MedicineList items={items.data.items} reader="pharmacy" />
          <form className="rx-form" aria-label="Mark it dispensed" noValidate onSubmit={markDispensed}>
            <Field
              label="Your pharmacy’s name"
              hint="Kept with the prescription, so the clinic knows who dispensed it. It can be marked dispensed once."
              value={pharmacy}
              onChange={setPharmacy}
              autoComplete="organization"
              maxLength={120}
            />
            <button type="submit" className="btn btn-primary" disabled={dispense.isPending}>
              <PackageCheck aria-hidden="true" size={18} /> Mark as dispensed
            </button>
          </form>
        </>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}
