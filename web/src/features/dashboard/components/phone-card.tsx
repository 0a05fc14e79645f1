import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import { formatDate } from '@api/format';
import { FormField } from '@/components/form-field';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { sendPhoneCode, type Patient, type PhoneVerifyForm } from '@/shared/patient/patient';
import { phoneVerifySchema } from '@/shared/patient/patient-schemas';
import { confirmPhone } from '@/shared/session/session';
import { showSuccess } from '@/lib/dialogs';
import { useBusy } from '@/lib/use-busy';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/**
 * 'Phone number': the patient confirms the number in their profile with a code we send to it
 * by SMS (the e-mail code only proves the e-mail). A changed number is unconfirmed again.
 */
export function PhoneCard({ patient }: { patient: Patient }) {
  const [sentTo, setSentTo] = useState<string>();
  const [sending, run] = useBusy();
  const formRef = useRef<HTMLFormElement>(null);

  const onSend = () =>
    run(async () => {
      const sent = await sendPhoneCode(patient.patientId);
      setSentTo(sent.maskedNumber);
      await showSuccess(
        'Code sent',
        `We have sent a 6-digit code by SMS to ${sent.maskedNumber}. It works for ${sent.minutes} minutes.`,
      );
    });

  return (
    <DashboardCard id="phone-heading" title="Phone number">
      <p>
        <strong>{patient.contactNumber}</strong>{' '}
        {patient.phoneVerifiedAt ? (
          <span className="status-badge">Confirmed</span>
        ) : (
          <span className="status-badge pending">Not confirmed</span>
        )}
      </p>
      {patient.phoneVerifiedAt ? (
        <p>
          You confirmed this number on {formatDate(patient.phoneVerifiedAt, { time: true })}. Changing it in My details asks you
          to confirm the new one.
        </p>
      ) : (
        <>
          <p>
            Confirm that this number is yours: we send a 6-digit code to it by SMS, and you enter it here. We send SMS about your
            appointments to this number.
          </p>
          <button type="button" className="btn btn-outline" onClick={onSend} disabled={sending} aria-busy={sending}>
            {sentTo ? 'Send a new code' : 'Send code'}
          </button>
          {sentTo && (
            <Formik<PhoneVerifyForm>
              initialValues={{ code: '' }}
              validationSchema={phoneVerifySchema}
              onSubmit={async (values, formik) => {
                try {
                  await confirmPhone(values.code);
                  await showSuccess('Phone confirmed', 'Your phone number is confirmed.');
                } catch (err) {
                  const { refuseSent } = await import('@/lib/form-refusal');
                  await refuseSent(err, formik, values, formRef.current);
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form ref={formRef} noValidate className="phone-code-form" aria-label="Confirm your phone">
                  <RefuseInvalidSubmit />
                  <FormField
                    name="code"
                    label={`Code from the SMS to ${sentTo}`}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    required
                  />
                  <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
                    Confirm phone
                  </button>
                </Form>
              )}
            </Formik>
          )}
        </>
      )}
    </DashboardCard>
  );
}
