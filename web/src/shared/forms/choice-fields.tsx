import { FormField } from '@/components/form-field';
import { GENDERS, type Choice } from '@/lib/choices';

/** A select's options: the empty placeholder first, then each choice with its label (a plain string is both). */
export function Options({ items, placeholder }: { items: readonly (Choice<string> | string)[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((i) => {
        const { id, itemName } = typeof i === 'string' ? { id: i, itemName: i } : i;
        return (
          <option key={id} value={id}>
            {itemName}
          </option>
        );
      })}
    </>
  );
}

/** The one Gender select of every form that asks it (sign-up, profile, family members, booking, the desk's new person). */
export function GenderField({ required }: { required?: boolean }) {
  return (
    <FormField as="select" name="gender" label="Gender" required={required}>
      <Options items={GENDERS} placeholder="Select Gender" />
    </FormField>
  );
}
