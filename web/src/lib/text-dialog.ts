import type { SweetAlertResult } from 'sweetalert2';

/** What every question names: its title and field, the button that answers and the way back. */
interface Question {
  title: string;
  label: string;
  confirmButtonText: string;
  /** The way back: 'Go back' where 'Cancel' would sit beside a button that cancels an appointment. */
  cancelButtonText?: string;
  text?: string;
}

/** The question's one field: a line, a box or a list, and what it starts with or offers. */
interface Field {
  input: 'text' | 'textarea' | 'select';
  inputValue?: string;
  inputAttributes?: Record<string, string>;
  inputOptions?: Record<string, string>;
  inputPlaceholder?: string;
}

/**
 * A question with one field that must be filled (`field`: its kind and what it offers): resolves
 * with the trimmed answer, or undefined when cancelled.
 */
async function ask(question: Question, field: Field): Promise<string | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const result: SweetAlertResult<string> = await Swal.fire({
    title: question.title,
    text: question.text,
    inputLabel: question.label,
    showCancelButton: true,
    confirmButtonText: question.confirmButtonText,
    cancelButtonText: question.cancelButtonText ?? 'Go back',
    confirmButtonColor: '#0b6e4f',
    cancelButtonColor: '#6b7280',
    inputValidator: (value: string) => (String(value ?? '').trim() ? undefined : `${question.label} is required.`),
    ...field,
  });
  return result.isConfirmed ? String(result.value).trim() : undefined;
}

/**
 * A SweetAlert2 question that needs a short text (a decline reason, a visit summary, a
 * reference): resolves with the trimmed text, or undefined when cancelled; empty text is
 * refused in the dialog. Apart from dialogs.ts, which every page's shell carries: only the
 * staff console asks for text.
 */
export const askText = (
  options: Question & {
    /** What the field starts with: what the person typed before, when the server refused it. */
    value?: string;
    multiline?: boolean;
    maxLength?: number;
  },
) =>
  ask(options, {
    input: options.multiline ? 'textarea' : 'text',
    inputValue: options.value ?? '',
    inputAttributes: { maxlength: String(options.maxLength ?? 500) },
  });

/** A SweetAlert2 question with one choice from a list: resolves with the chosen value, or undefined when cancelled. */
export const askChoice = (options: Question & { choices: readonly string[] }) =>
  ask(options, {
    input: 'select',
    inputOptions: Object.fromEntries(options.choices.map((c) => [c, c])),
    inputPlaceholder: 'Choose…',
  });
