import { getIn, type FormikErrors, type FormikHelpers, type FormikProps, type FormikTouched } from 'formik';
import type { FieldRefusals } from '@api/envelope';
import { ApiError } from '@/lib/api-client';
import { showApiError, showRefusal } from '@/lib/dialogs';

import { REQUIRED } from '@/lib/form-words';

export { REQUIRED };

/** One refused field: its path as the form names its input ('address.digitalAddress') and the schema's message. */
export interface Refusal {
  path: string;
  message: string;
}

/** Formik's nested errors as a list, in the order the schema gives them. */
export function refusalsOf(errors: FormikErrors<unknown> | string | string[] | undefined, prefix = ''): Refusal[] {
  if (!errors) return [];
  if (typeof errors === 'string') return [{ path: prefix, message: errors }];
  return Object.entries(errors).flatMap(([key, value]) =>
    refusalsOf(value as FormikErrors<unknown>, prefix ? `${prefix}.${key}` : key),
  );
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && value.length === 0);

/** The input of a field: by its name, else the first input inside it (a list of checkboxes). */
function inputOf(form: ParentNode | null, path: string): HTMLElement | null {
  if (!form) return null;
  const name = path.replace(/["\\]/g, '\\$&');
  return form.querySelector<HTMLElement>(`[name="${name}"], [name^="${name}."], [name^="${name}["]`);
}

/** The refused field the person meets first on the page: a named input, or a group marked invalid (a calendar). */
function firstRefused(form: ParentNode | null, refusals: Refusal[]): HTMLElement | undefined {
  if (!form) return undefined;
  const candidates = [
    ...refusals.map(({ path }) => inputOf(form, path)),
    ...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'),
  ].filter((el): el is HTMLElement => el !== null);
  return candidates.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

/** The words the form shows for a field: its label (without the required mark), else its group's legend. */
function labelOf(input: HTMLElement | null): string | undefined {
  const label = (input as HTMLInputElement | null)?.labels?.[0] ?? input?.closest('fieldset')?.querySelector('legend');
  const words = label?.textContent?.replace(/\*\s*$/, '').trim();
  // A checkbox's label is its whole sentence: the schema's message names it better.
  return words && words.length <= 60 ? words : undefined;
}

/** "GhanaPost digital address — must be like GA-123-4567": the field's words once, then what is wrong. */
function lineOf(words: string | undefined, message: string): string {
  if (!words) return message;
  const rest = message.toLowerCase().startsWith(words.toLowerCase())
    ? message.slice(words.length).replace(/^[\s:]+/, '')
    : message;
  return `${words} — ${rest}`;
}

/**
 * Says what is wrong with a form and points at it, the one way every form does (docs/api.md):
 * the dialog names each refused field in the words the form shows; `required` (the form's own
 * sentence, e.g. 'Please fill in all required fields.') is said only when a refused field is
 * empty, that is a required one left out; when the dialog closes, focus moves to the first
 * refused field, scrolled into view.
 */
export async function refuseForm(
  form: HTMLElement | null,
  refusals: Refusal[],
  values: unknown,
  required: string | null = REQUIRED,
): Promise<void> {
  if (refusals.length === 0) return;
  const lines = refusals.map(({ path, message }) => lineOf(labelOf(inputOf(form, path)), message));
  const missing = refusals.some(({ path }) => isEmpty(getIn(values, path)));
  await showRefusal(missing ? required : null, lines);
  const first = firstRefused(form, refusals);
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView?.({ block: 'center' });
}

const fieldRefusalsOf = (err: unknown): Refusal[] => {
  if (!(err instanceof ApiError) || err.status !== 400) return [];
  const fields = (err.data as Partial<FieldRefusals> | null)?.fields;
  return fields && typeof fields === 'object'
    ? Object.entries(fields).map(([path, message]) => ({ path, message: String(message) }))
    : [];
};

/**
 * A failed send: when the server refused fields (a 400 with data.fields, api/envelope.ts), the
 * form shows each message beside its field and refuseForm says and points at them; any other
 * failure is the server's sentence in the usual dialog.
 */
export async function refuseSent<V>(
  err: unknown,
  formik: Pick<FormikHelpers<V>, 'setFieldError' | 'setFieldTouched'>,
  values: V,
  form: HTMLElement | null,
  title?: string,
) {
  const refusals = fieldRefusalsOf(err);
  if (refusals.length === 0) return void (await (title === undefined ? showApiError(err) : showApiError(err, title)));
  for (const { path, message } of refusals) {
    void formik.setFieldTouched(path, true, false);
    formik.setFieldError(path, message);
  }
  // The server refused a value the person gave: its words say what, never "required".
  await refuseForm(form, refusals, values, null);
}

/**
 * Checks a Formik form before it is sent: every field touched (each shows its message); when the
 * schema refuses, refuseForm says and points. True when the form may be sent.
 */
export async function checkForm<V>(formik: FormikProps<V>, form: HTMLElement | null, required = REQUIRED): Promise<boolean> {
  const errors = await formik.validateForm();
  void formik.setTouched(touchedAll(formik.values as object) as FormikTouched<V>, false);
  const refusals = refusalsOf(errors);
  if (refusals.length === 0) return true;
  await refuseForm(form, refusals, formik.values, required);
  return false;
}

/** Every field touched, nested ones too (so each shows its message after a submit). */
export function touchedAll<T extends object>(values: T): FormikTouched<T> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? touchedAll(v as object) : true]),
  ) as FormikTouched<T>;
}
