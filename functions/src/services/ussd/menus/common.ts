import type { MobileNetwork } from '../../../api/direct-debit';
import type { UssdCartItem } from '../../../api/ussd';
import type { CallerDetails } from '../../../store/ussd';
import { screens } from '../screens';

/** What every menu shares: the session's state, the caller, the reply, the screens' helpers. */

export type Step =
  | 'name'
  | 'main'
  | 'book'
  | 'doctor'
  | 'day'
  | 'time'
  | 'confirm'
  | 'homeDay'
  | 'landmark'
  | 'gps'
  | 'homeConfirm'
  | 'labRequest'
  | 'labWhere'
  | 'labDay'
  | 'labConfirm'
  | 'rxOrder'
  | 'next'
  | 'cancel'
  | 'package'
  | 'renewNetwork'
  | 'approvalCode'
  | 'stopRenewal'
  | 'rx'
  | 'callback'
  | 'pin'
  | 'pinNew'
  | 'pinRepeat';

export interface State {
  step: Step;
  data: Record<string, unknown>;
}

/** Who is dialling: their number (+233...) and, once known, their record. */
export interface Caller {
  mobile: string;
  patientId?: string;
  /** Their record's name and contact, when known without reading it (the dial or the name step). */
  details?: CallerDetails;
  shortcode: string;
  sessionId: string;
  /** The caller's mobile money network, from the request's Operator; undefined when not known. */
  network?: MobileNetwork;
  /** The caller typed their PIN right (or set it) in this session (menus/pin.ts). */
  pinProved?: boolean;
}

/** One answer: a screen that waits for input, ends the session, or hands the payment to the checkout. */
export interface Reply {
  kind: 'menu' | 'input' | 'end' | 'cart';
  text: string;
  next: State;
  item?: UssdCartItem;
}

export const menu = (text: string, step: Step, data: Record<string, unknown> = {}): Reply => ({
  kind: 'menu',
  text,
  next: { step, data },
});
export const input = (text: string, step: Step, data: Record<string, unknown> = {}): Reply => ({
  kind: 'input',
  text,
  next: { step, data },
});
export const end = (text: string): Reply => ({ kind: 'end', text, next: { step: 'main', data: {} } });

/** How far ahead the service offers days. */
export const DAYS_AHEAD = 14;

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'Africa/Accra' });
export const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
export const whenLabel = (day: string, time?: string | null) => `${dayLabel(day)}${time ? ` ${time}` : ''}`;
export const localPhone = (mobile: string) => `0${mobile.slice(4)}`;

/** The n-th item of what the screen offered, from what was typed ('2' -> the second); undefined otherwise. */
export function picked<T>(typed: string, offered: readonly T[] | undefined): T | undefined {
  if (!offered || !/^\d{1,2}$/.test(typed)) return undefined;
  const n = Number(typed);
  return n >= 1 && n <= offered.length ? offered[n - 1] : undefined;
}
export async function showMain(hint?: string, greeting?: string): Promise<Reply> {
  return menu(screens.main(hint, greeting), 'main');
}

/**
 * The catalogue (doctors and their fees, packages) changes seldom: each instance keeps it a
 * minute instead of reading it at every screen. A fee that changed meanwhile is not charged:
 * the booking takes the fee from the server at the time (createAppointment).
 */
export const CATALOGUE_TTL_MS = 60_000;
export function keptFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | undefined;
  return () => {
    if (!kept || kept.until < Date.now()) {
      const value = read();
      kept = { value, until: Date.now() + ms };
      // A failed read is not kept.
      value.catch(() => (kept = undefined));
    }
    return kept.value;
  };
}

export type Handler = (caller: Caller, typed: string, data: Record<string, unknown>) => Promise<Reply>;
