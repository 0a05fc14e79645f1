/**
 * The subscription requests' schemas (Yup): apart from subscriptions-contract.ts, whose periods
 * and statuses public pages need without loading Yup (docs/performance.md). The server validates
 * bodies with them; the profile's family form shows the same rules.
 */
import { object, string, type ObjectSchema } from 'yup';
import { GENDERS } from './booking-choices';
import { isCalendarDay, requiredId, requiredText, trimmed } from './request-fields';
import { GHANA_PHONE_HINT, normaliseGhanaPhone } from './ghana-phone';
import { MOBILE_NETWORKS, MOBILE_NETWORKS_TEXT } from './mobile-networks';
import type { MobileNetwork } from './direct-debit';
import { RELATIONS, type Dependant } from './subscriptions-contract';

/** POST /subscriptions/renew and /subscriptions/cancel. */
export interface SubscriptionIdRequest {
  subscriptionId: string;
}

export const subscriptionIdSchema: ObjectSchema<SubscriptionIdRequest> = object({
  subscriptionId: requiredId('Subscription'),
});

const isPastDay = (value: string | undefined) => isCalendarDay(value) && Date.parse(`${value}T00:00:00Z`) <= Date.now();

export type DependantRequest = Pick<Dependant, 'firstName' | 'lastName' | 'relation' | 'dateOfBirth' | 'gender'>;

/** POST /patient/{patientId}/dependants: the server validates with it and the profile's form shows it. */
export const dependantSchema: ObjectSchema<DependantRequest> = object({
  firstName: requiredText('First Name', 80),
  lastName: requiredText('Last Name', 80),
  relation: string()
    .label('Relation')
    .required('Relation is required.')
    .oneOf(RELATIONS, `Relation must be one of ${RELATIONS.join(', ')}.`),
  dateOfBirth: string()
    .label('Date of birth')
    .required('Date of birth is required.')
    .test('day', 'Date of birth must be a past date written yyyy-MM-dd.', isPastDay)
    .test('not-too-old', 'Date of birth must be after 1900.', (v) => !v || v >= '1900-01-01'),
  gender: string().label('Gender').required('Gender is required.').oneOf(GENDERS, 'Gender must be male or female.'),
});

/** A Ghana number to debit, stored +233...: the field's rule, shared by the opt-in and its number code. */
const mandateNumber = () =>
  trimmed('Mobile money number')
    .test('ghana-phone', `Mobile money number must be ${GHANA_PHONE_HINT}.`, (v) => !v || normaliseGhanaPhone(v) !== undefined)
    .transform((v: unknown) => (typeof v === 'string' ? (normaliseGhanaPhone(v) ?? v) : v));

/**
 * POST /subscriptions/autorenew (the patient's renewing package): the number to debit (the
 * confirmed phone when absent) and its network; `code`, the one texted to any other number by
 * /subscriptions/autorenew/number-code, which proves it before anything reaches the provider.
 */
export interface AutorenewRequest {
  msisdn?: string;
  network: MobileNetwork;
  code?: string;
}

export const autorenewSchema: ObjectSchema<AutorenewRequest> = object({
  msisdn: mandateNumber().optional(),
  network: string()
    .label('Network')
    .required('Network is required.')
    .oneOf(MOBILE_NETWORKS, `Network must be one of ${MOBILE_NETWORKS_TEXT}.`),
  code: trimmed('Code')
    .optional()
    .matches(/^\d{6}$/, { message: 'Code must be the 6 digits from the SMS.', excludeEmptyString: true }),
});

/** POST /subscriptions/autorenew/number-code: a number other than the confirmed phone, to be proved by a code sent to it. */
export interface AutorenewNumberRequest {
  msisdn: string;
}

export const autorenewNumberSchema: ObjectSchema<AutorenewNumberRequest> = object({
  msisdn: mandateNumber().required('Mobile money number is required.'),
});

/** POST /subscriptions/autorenew/verify: the code the network sent by SMS. */
export interface AutorenewOtpRequest {
  otp: string;
}

export const autorenewOtpSchema: ObjectSchema<AutorenewOtpRequest> = object({
  otp: trimmed('The approval code (otp)')
    .required('The approval code (otp) is required.')
    .matches(/^(?:[A-Za-z0-9]{2,8}-)?\d{4,8}$/, 'The approval code (otp) must be the code from the SMS, like 1234.'),
});
