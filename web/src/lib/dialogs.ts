import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { GENERIC_ERROR } from '@api/messages';
import { apiMessage } from '@/lib/api-client';

/** SweetAlert2 is loaded on the first dialog, not with the first page. */
async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await import('sweetalert2');
  return Swal.fire({ confirmButtonColor: '#0b6e4f', ...options });
}

export const showError = (text: string, title = 'Oops') => fire({ icon: 'error', title, text });
export const showInfo = (text: string, title = '') => fire({ icon: 'info', title, text });
export const showSuccess = (title: string, text: string) => fire({ icon: 'success', title, text });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A form refused (lib/form-refusal.ts): `sentence` when there is one (a required field left
 * empty), then "Please check:" and a line per refused field in the form's words. Focus is not
 * given back to the button that sent: the caller moves it to the field.
 */
export const showRefusal = (sentence: string | null, lines: string[]) =>
  fire({
    icon: 'error',
    title: 'Oops',
    html: [
      sentence ? `<p>${escapeHtml(sentence)}</p>` : '',
      `<p class="refusal-lead">Please check:</p>`,
      `<ul class="refusal-list">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    ].join(''),
    returnFocus: false,
  });

/** A failed API call: 'Oops' with the server's msg. */
export const showApiError = (err: unknown, title = 'Oops') => showError(apiMessage(err, GENERIC_ERROR), title);

/**
 * A yes/no question; resolves true when confirmed. `cancelButtonText` names the way back when
 * 'Cancel' would sit beside a button that cancels something ('Yes, cancel' / 'Keep appointment').
 */
export async function confirm(
  title: string,
  confirmButtonText: string,
  text?: string,
  cancelButtonText = 'Cancel',
): Promise<boolean> {
  const result = await fire({
    icon: 'question',
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    cancelButtonColor: '#6b7280',
  });
  return result.isConfirmed;
}
