import { useFormikContext } from 'formik';
import { SERVICE_ID } from '@api/service-catalog';
import { FormField } from '@/components/form-field';
import { todayInGhana, type BookingValues } from '@/features/appointments/api/appointments';
import { usesDailyCapacity } from '@/features/appointments/api/availability';
import { SlotPicker, type Availability } from '@/features/appointments/components/slot-picker';

/** What the booking form's service asks the day and time from: a doctor's slots, a daily capacity, or neither; or what to choose first. */
function availabilityOf(values: BookingValues): Availability | { first: string } | undefined {
  const service = Number(values.requestedServiceId);
  if (service === SERVICE_ID.virtualConsultation)
    return values.doctorId
      ? { kind: 'doctor', doctorId: values.doctorId }
      : { first: 'Choose a doctor to see their free days and times.' };
  if (service === SERVICE_ID.dietary && !values.requestedServiceOption) return { first: 'Choose a mode to see the free days.' };
  if (usesDailyCapacity(service, values.requestedServiceOption)) return { kind: 'capacity', serviceId: service };
  return undefined;
}

/**
 * The booking form's Preferred Date and Preferred Time: free days and times to choose from
 * when the service has them, else the plain fields. The form's values and its Yup schema
 * (@api/booking-request) stay the same either way.
 */
export function PreferredDayAndTime({ showTime }: { showTime: boolean }) {
  const { values, errors, touched, setValues, setFieldTouched } = useFormikContext<BookingValues>();
  const availability = availabilityOf(values);
  if (availability && 'first' in availability) return <p className="field-hint span-all">{availability.first}</p>;
  if (!availability) {
    return (
      <>
        <FormField name="requestedDay" label="Preferred Date" required type="date" min={todayInGhana()} />
        {showTime && <FormField name="requestedTime" label="Preferred Time" required type="time" />}
      </>
    );
  }
  const shown = (field: 'requestedDay' | 'requestedTime') =>
    touched[field] && errors[field] ? String(errors[field]) : undefined;
  return (
    <SlotPicker
      key={availability.kind === 'doctor' ? availability.doctorId : availability.serviceId}
      availability={availability}
      day={values.requestedDay}
      time={values.requestedTime}
      required
      dayError={shown('requestedDay')}
      timeError={availability.kind === 'doctor' ? shown('requestedTime') : undefined}
      onChange={(day, time) => {
        void setValues((v) => ({ ...v, requestedDay: day, requestedTime: time }), true);
        // Once a day is chosen its field counts as touched, so its message follows the choice.
        if (day) void setFieldTouched('requestedDay', true, false);
      }}
    />
  );
}
