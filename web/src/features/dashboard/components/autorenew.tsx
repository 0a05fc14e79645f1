import { Form, Formik, useFormikContext, type FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';
import { object, string, type AnySchema } from 'yup';
import { approveInstructions, type MandateView } from '@api/direct-debit';
import { formatDate, formatGhs } from '@api/format';
import { GHANA_PHONE_HINT, normaliseGhanaPhone } from '@api/ghana-phone';
import { MOBILE_NETWORKS } from '@api/mobile-networks';
import { autorenewSchema } from '@api/subscription-requests';
import { FormField } from '@/components/form-field';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { useSession } from '@/shared/session/session';
import {
  cancelAutorenew,
  sendAutorenewNumberCode,
  startAutorenew,
  verifyAutorenew,
} from '@/shared/subscriptions/subscription-requests';
import type { Subscription } from '@/shared/subscriptions/subscriptions';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { useBusy } from '@/lib/use-busy';

/** A stored +233 number as people type it: 0XXXXXXXXX. */
const localNumber = (stored: string) => (normaliseGhanaPhone(stored) ? `0${normaliseGhanaPhone(stored)!.slice(4)}` : '');

/** The sentence the card says of an approved mandate (docs/direct-debit.md). */
export const renewsSentence = (m: MandateView) =>
  `Renews on ${formatDate(m.nextChargeAt)} for ${formatGhs(m.nextChargeAmount ?? 0)} from ${m.maskedNumber}`;

interface Props {
  subscription: Subscription;
  /** After any change: the card reads the subscription (and its mandate) again. */
  onChange: () => void;
}

/**
 * The card's two forms (start, approve by code): the schema refuses in words; sent, `send`
 * calls the API; a refusal from the server shows its sentence.
 */
function AutorenewForm<V extends FormikValues>({
  label,
  initialValues,
  validationSchema,
  send,
  submit,
  children,
}: {
  label: string;
  initialValues: V;
  validationSchema: AnySchema;
  send: (values: V) => Promise<void>;
  submit: string;
  children: ReactNode;
}) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={validationSchema}
      onSubmit={async (values) => {
        try {
          await send(values);
        } catch (err) {
          await showApiError(err);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="phone-code-form" aria-label={label}>
          <RefuseInvalidSubmit />
          {children}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {submit}
          </button>
        </Form>
      )}
    </Formik>
  );
}

/**
 * A number other than the confirmed phone (docs/direct-debit.md): a code texted to it proves it
 * is the patient's before the opt-in reaches the provider; the code goes with the opt-in.
 */
function NumberProof({ confirmed }: { confirmed: string }) {
  const { values } = useFormikContext<{ msisdn: string }>();
  const [sentTo, setSentTo] = useState('');
  const [sending, run] = useBusy();
  const typed = normaliseGhanaPhone(values.msisdn);
  if (!typed || typed === normaliseGhanaPhone(confirmed)) return null;
  const send = () =>
    run(async () => {
      const sent = await sendAutorenewNumberCode(typed);
      setSentTo(sent.maskedNumber);
      await showSuccess(
        'Code sent',
        `We have sent a 6-digit code by SMS to ${sent.maskedNumber}. It works for ${sent.minutes} minutes.`,
      );
    });
  return (
    <>
      <p className="renewal-note">
        This is not your confirmed phone number: we text a code to it, so we know it is yours before anything is set up.
      </p>
      <button type="button" className="btn btn-outline" onClick={() => void send()} disabled={sending} aria-busy={sending}>
        {sentTo ? 'Send a new code' : 'Send code'}
      </button>
      <FormField
        name="code"
        label="Code from the SMS to this number"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
    </>
  );
}

/**
 * "Renew automatically with mobile money" on the package card: the number (the confirmed phone
 * to start with; another one is proved by a code texted to it, NumberProof) and network; then how to approve (the prompt on the phone, or the code sent by
 * SMS to type here); approved, when and how much, with a one-tap stop.
 */
export function Autorenew({ subscription, onChange }: Props) {
  const session = useSession();
  const [stopping, run] = useBusy();
  const mandate = subscription.mandate;
  const patient = session.status === 'signed-in' ? session.patient : undefined;
  const verifiedPhone = patient?.phoneVerifiedAt ? localNumber(patient.contactNumber) : '';

  const stop = () =>
    run(async () => {
      const { mandate: stopped } = await cancelAutorenew();
      onChange();
      await showSuccess('Automatic renewal is off', `Nothing more will be taken from ${stopped.maskedNumber}.`);
    });

  if (mandate?.status === 'Active')
    return (
      <section className="autorenew" aria-labelledby="autorenew-heading">
        <h3 id="autorenew-heading">Automatic renewal</h3>
        <p className="autorenew-on">
          {renewsSentence(mandate)}
          {mandate.failures > 0 && <> (the last try failed; we try again once a day)</>}
        </p>
        <button
          type="button"
          className="btn btn-outline danger"
          onClick={() => void stop()}
          disabled={stopping}
          aria-busy={stopping}
        >
          Stop automatic renewal
        </button>
      </section>
    );

  if (mandate?.status === 'Pending')
    return (
      <section className="autorenew" aria-labelledby="autorenew-heading">
        <h3 id="autorenew-heading">Approve automatic renewal</h3>
        <p>{approveInstructions(mandate.verificationType, mandate.maskedNumber)}</p>
        {mandate.verificationType === 'OTP' ? (
          <AutorenewForm
            label="Approve automatic renewal"
            initialValues={{ otp: '' }}
            validationSchema={object({ otp: string().required('The approval code is required.') })}
            send={async ({ otp }) => {
              const { mandate: approved } = await verifyAutorenew(otp.trim());
              onChange();
              await showSuccess('Automatic renewal is on', renewsSentence(approved));
            }}
            submit="Approve"
          >
            <FormField name="otp" label="Approval code from the SMS" inputMode="numeric" autoComplete="one-time-code" required />
          </AutorenewForm>
        ) : (
          <button type="button" className="btn btn-outline" onClick={onChange}>
            I have approved it
          </button>
        )}
        <button type="button" className="btn btn-outline danger" onClick={() => void stop()} disabled={stopping}>
          Stop
        </button>
      </section>
    );

  if (subscription.status !== 'Active' && subscription.status !== 'Trial') return null;
  return (
    <section className="autorenew" aria-labelledby="autorenew-heading">
      <h3 id="autorenew-heading">Renew automatically with mobile money</h3>
      {mandate?.status === 'Declined' && <p className="renewal-note">The last approval was declined on the phone.</p>}
      <p>
        At the end of each period we take the package&apos;s price from your mobile money, after an SMS 3 days before. You can
        stop it at any time.
      </p>
      <AutorenewForm
        label="Renew automatically with mobile money"
        initialValues={{ msisdn: verifiedPhone, network: 'MTN', code: '' }}
        validationSchema={autorenewSchema}
        send={async (values) => {
          const code = values.code.trim();
          await startAutorenew({
            msisdn: values.msisdn,
            network: values.network as (typeof MOBILE_NETWORKS)[number],
            ...(code ? { code } : {}),
          });
          onChange();
        }}
        submit="Renew automatically"
      >
        <FormField
          name="msisdn"
          label="Mobile money number"
          hint={`${GHANA_PHONE_HINT}`}
          inputMode="tel"
          autoComplete="tel"
          required
        />
        <FormField as="select" name="network" label="Network" required>
          {MOBILE_NETWORKS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </FormField>
        <NumberProof confirmed={verifiedPhone} />
      </AutorenewForm>
    </section>
  );
}
