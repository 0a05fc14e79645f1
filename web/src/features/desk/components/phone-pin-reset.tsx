import { useResetPhonePin } from '@/features/desk/api/patients-api';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';

/**
 * The phone PIN (docs/ussd.md 'The PIN'): a person who forgot it, or locked it with three wrong
 * tries, asks at the desk. The desk checks their ID first (the reset is audited as checked).
 */
export function PhonePinReset({ patientId, name }: { patientId: string; name: string }) {
  const reset = useResetPhonePin();
  async function onReset() {
    const checked = await confirm(
      `Reset ${name}'s phone PIN?`,
      'ID checked: reset it',
      'Only after checking their ID card. Their next change by phone asks them to choose a new PIN.',
    );
    if (!checked) return;
    try {
      const answer = await reset.mutateAsync(patientId);
      await showSuccess(
        'Done!',
        answer.reset ? 'The phone PIN is reset: their next change by phone sets a new one.' : 'This person has no phone PIN yet.',
      );
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <section className="staff-section" aria-labelledby="patient-phone-pin">
      <h2 id="patient-phone-pin">Phone PIN</h2>
      <p>Changes made by dialling our USSD code ask for the person's PIN. If they forgot it or it is locked, reset it here.</p>
      <button type="button" className="btn btn-outline" disabled={reset.isPending} onClick={() => void onReset()}>
        Reset phone PIN
      </button>
    </section>
  );
}
