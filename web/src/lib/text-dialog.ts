import type { SweetAlertResult } from 'sweetalert2';

/**
 * A SweetAlert2 question that needs a short text (a decline reason, a visit summary, a
 * reference): resolves with the trimmed text, or undefined when cancelled; empty text is
 * refused in the dialog. Apart from dialogs.ts, which every page's shell carries: only the
 * staff console asks for text.
 */
export async function askText(options: {
  title: string;
  label: string;
  confirmButtonText: string;
  /** The way back: 'Go back' where 'Cancel' would sit beside a button that cancels an appointment. */
  cancelButtonText?: string;
  text?: string;
  /** What the field starts with: what the person typed before, when the server refused it. */
  value?: string;
  multiline?: boolean;
  maxLength?: number;
}): Promise<string | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const result: SweetAlertResult<string> = await Swal.fire({
    title: options.title,
    text: options.text,
    input: options.multiline ? 'textarea' : 'text',
    inputLabel: options.label,
    inputValue: options.value ?? '',
    inputAttributes: { maxlength: String(options.maxLength ?? 500) },
    showCancelButton: true,
    confirmButtonText: options.confirmButtonText,
    cancelButtonText: options.cancelButtonText ?? 'Go back',
    confirmButtonColor: '#0b6e4f',
    cancelButtonColor: '#6b7280',
    inputValidator: (value: string) => (String(value ?? '').trim() ? undefined : `${options.label} is required.`),
  });
  return result.isConfirmed ? String(result.value).trim() : undefined;
}

/** A SweetAlert2 question with one choice from a list: resolves with the chosen value, or undefined when cancelled. */
export async function askChoice(options: {
  title: string;
  label: string;
  choices: readonly string[];
  confirmButtonText: string;
  text?: string;
}): Promise<string | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const result: SweetAlertResult<string> = await Swal.fire({
    title: options.title,
    text: options.text,
    input: 'select',
    inputLabel: options.label,
    inputOptions: Object.fromEntries(options.choices.map((c) => [c, c])),
    inputPlaceholder: 'Choose…',
    showCancelButton: true,
    confirmButtonText: options.confirmButtonText,
    cancelButtonText: 'Go back',
    confirmButtonColor: '#0b6e4f',
    cancelButtonColor: '#6b7280',
    inputValidator: (value: string) => (value ? undefined : `${options.label} is required.`),
  });
  return result.isConfirmed ? String(result.value) : undefined;
}
