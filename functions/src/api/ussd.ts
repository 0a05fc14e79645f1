/**
 * The USSD channel's contract (docs/ussd.md): Hubtel Programmable Services' request and
 * response, its fulfilment callback, and the call-back queue the desk works in the console.
 * Imports only yup and siblings: the console's call-back page imports it too.
 *
 * - POST /ussd/{gateway key} (function `ussd`, Hosting rewrite) UssdRequest -> UssdResponse, always 200
 *   for a well-formed request; without the key 401, over USSD_BODY_BYTES 413
 * - POST /ussd/{gateway key}/fulfilment UssdFulfilment -> { outcome } (checked with the status API, settled by markPaid)
 * - GET /api/staff/callbacks?status= (admin, staff) -> CallbackRequest[] (audited)
 * - POST /api/staff/callbacks/{id} (admin, staff) callbackOutcomeSchema -> CallbackRequest (audited; Tried texts the person)
 */
import { object, string, type InferType } from 'yup';
import { trimmed } from './request-fields';

/** What a USSD screen may hold: Hubtel shows at most 182 GSM-7 characters. */
export const USSD_MAX_CHARS = 182;

/** A request or fulfilment from Hubtel is well under a kilobyte; a body past this is not one (413). */
export const USSD_BODY_BYTES = 8 * 1024;

/** The request types, compared without regard to case ('initiation' and 'Initiation' alike). */
export type UssdRequestType = 'Initiation' | 'Response' | 'Release' | 'Timeout';

export interface UssdRequest {
  Type: string;
  /** The caller's number as the network gives it: 233XXXXXXXXX. */
  Mobile: string;
  SessionId: string;
  ServiceCode?: string;
  /** What the person typed (on Initiation, the dialled string). */
  Message?: string;
  Operator?: string;
  /** 1 on Initiation, one more per answer; the network repeats a Sequence when it retries. */
  Sequence: number | string;
  ClientState?: string;
  Platform?: string;
}

export type UssdDataType = 'display' | 'input' | 'menu' | 'select' | 'confirm';

export interface UssdCartItem {
  ItemName: string;
  Qty: number;
  Price: number;
}

export interface UssdResponse {
  SessionId: string;
  Type: 'response' | 'release' | 'AddToCart';
  Message: string;
  Label: string;
  DataType: UssdDataType;
  FieldType: 'text' | 'phone' | 'number';
  FieldName?: string;
  ClientState?: string;
  Item?: UssdCartItem;
}

/** The provider's word that a USSD checkout ended: a hint only, checked with the status API. */
export interface UssdFulfilment {
  SessionId: string;
  OrderId: string;
  ExtraData?: unknown;
  OrderInfo?: {
    CustomerMobileNumber?: string;
    Status?: string;
    Items?: unknown[];
    Payment?: { PaymentType?: string; AmountPaid?: number; IsSuccessful?: boolean; [field: string]: unknown };
    [field: string]: unknown;
  };
}

/** What we tell the provider after a fulfilment (POST to its fulfilment callback URL). */
export interface UssdServiceConfirmation {
  SessionId: string;
  OrderId: string;
  ServiceStatus: 'success' | 'failed';
  MetaData: null;
}

// --- call-backs ---

export const CALLBACK_STATUSES = ['Open', 'Tried', 'Done'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
export type CallbackChannel = 'USSD' | 'WEB' | 'SMS';

/** The reasons a caller picks on the phone (a short list reads better than free text on a keypad). */
export const CALLBACK_REASONS = ['Help to book', 'A question about my care', 'A payment', 'Something else'] as const;

/** callbacks/{id}, as the console gets it (times ISO 8601). */
export interface CallbackRequest {
  id: string;
  phone: string;
  patientId?: string;
  /** The person's name, from their record, for the desk's list. */
  name?: string;
  reason: string;
  channel: CallbackChannel;
  requestedAt: string;
  status: CallbackStatus;
  outcome?: string;
  /** Who at the clinic set the last outcome, and when. */
  by?: { uid: string; email?: string };
  at?: string;
}

/** GET /api/staff/callbacks?status=Open (the default: the desk's queue). */
export const callbackListQuerySchema = object({
  status: string()
    .label('Status')
    .oneOf([...CALLBACK_STATUSES, 'all'], 'Status must be Open, Tried, Done or all.')
    .default('Open'),
});

/** POST /api/staff/callbacks/{id}: what happened when the clinic called. */
export const callbackOutcomeSchema = object({
  status: string()
    .label('Status')
    .required('Status is required: Tried or Done.')
    .oneOf(['Tried', 'Done'], 'Status must be Tried (no answer) or Done.'),
  outcome: trimmed('Outcome')
    .required('Outcome is required: say what happened.')
    .max(300, 'Outcome must be at most 300 characters.'),
});
export type CallbackOutcome = InferType<typeof callbackOutcomeSchema>;
