import { useFormikContext } from 'formik';
import { atHome } from '@api/service-catalog';
import { FormField } from '@/components/form-field';
import type { BookingValues } from '@/features/appointments/api/appointments';

/**
 * Where a home visit or a delivery goes (@api/booking-request addressSchema): the street
 * address or a landmark people know, a nearby landmark, and the GhanaPost digital address
 * when the patient has one. Shown only for services at the patient's address (atHome).
 */
export function AddressFields() {
  const { values } = useFormikContext<BookingValues>();
  if (!atHome(Number(values.requestedServiceId), values.requestedServiceOption)) return null;
  return (
    <fieldset className="span-all address-fields">
      <legend>Where should we come?</legend>
      <FormField
        name="address.line"
        label="Street address or landmark"
        required
        maxLength={200}
        autoComplete="street-address"
        hint="House number and street, or a place people know, e.g. 12 Mango Street, Adenta"
        className="span-all"
      />
      <FormField
        name="address.landmark"
        label="Nearby landmark"
        maxLength={120}
        hint="Optional, e.g. opposite the Shell station"
      />
      <FormField
        name="address.digitalAddress"
        label="GhanaPost digital address"
        maxLength={12}
        autoComplete="off"
        autoCapitalize="characters"
        hint="Optional, e.g. GA-123-4567"
      />
    </fieldset>
  );
}
