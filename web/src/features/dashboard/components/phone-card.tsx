import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import { formatDate } from '@api/format';
import { clinicClaimSentence } from '@api/front-desk';
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
 * by SMS (the e-mail code only proves the e-mail). A changed number is unconfirmed again. A
 * clinic record under the number that did not join the account says why, and what to do.
 */
export function PhoneCard({ patient }: { patient: Patient }) {
  const [sentTo, setSentTo] = useState<string>();
  const [sending, run] = useBusy();
  const formRef = useRef<HTMLFormElement>(null);
  // A confirmed number gets a new code only to try again a clinic record's claim (docs/front-desk.md).
  const canSend = !patient.phoneVerifiedAt || patient.clinicClaim?.status === 'try-again';

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
        <p>
          Confirm that this number is yours: we send a 6-digit code to it by SMS, and you enter it here. We send SMS about your
          appointments to this number.
        </p>
      )}
      {patient.clinicClaim && (
        <p className="renewal-note" role="status">
          {clinicClaimSentence(patient.clinicClaim)}
        </p>
      )}
      {canSend && (
        <>
          <button type="button" className="btn btn-outline" onClick={onSend} disabled={sending} aria-busy={sending}>
            {sentTo ? 'Send a new code' : 'Send code'}
          </button>
          {sentTo && (
            <Formik<PhoneVerifyForm>
              initialValues={{ code: '' }}
              validationSchema={phoneVerifySchema}
              onSubmit={async (values, formik) => {
                try {
                  const confirmed = await confirmPhone(values.code);
                  setSentTo(undefined);
                  const claim = confirmed.clinicClaim ? ` ${clinicClaimSentence(confirmed.clinicClaim)}` : '';
                  await showSuccess('Phone confirmed', `Your phone number is confirmed.${claim}`);
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
