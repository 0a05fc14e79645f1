import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { getPhonePin, resetPhonePin } from '@/shared/patient/patient';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

const pinKey = (patientId: string) => ['patient', patientId, 'phone-pin'] as const;

const STATE_WORDS = {
  none: 'You have not chosen a PIN yet. The first time you cancel, change your package or its automatic renewal, or have medicine delivered by dialling our USSD code, you choose one.',
  set: 'Your PIN is set. Changes you make by dialling our USSD code ask for it.',
  locked: 'Your PIN is locked after 3 wrong tries: changes by phone are refused until you reset it.',
} as const;

/**
 * 'Phone PIN': the PIN that changes made by dialling our USSD code need (docs/ussd.md 'The
 * PIN'). The patient sees whether it is set or locked and can reset it; never the PIN itself.
 */
export function PhonePinCard({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const pin = useQuery({ queryKey: pinKey(patientId), queryFn: () => getPhonePin(patientId) });
  const reset = useMutation({
    mutationFn: () => resetPhonePin(patientId),
    onSuccess: (data) => queryClient.setQueryData(pinKey(patientId), data),
  });

  async function onReset() {
    const ok = await confirm(
      'Reset your phone PIN?',
      'Yes, reset it',
      'The next time you make a change by phone, you choose a new PIN.',
    );
    if (!ok) return;
    try {
      await reset.mutateAsync();
      await showSuccess('Done!', 'Your phone PIN is reset. The next time you make a change by phone, you choose a new one.');
    } catch (err) {
      await showApiError(err);
    }
  }

  const state = pin.data?.state;
  return (
    <DashboardCard id="phone-pin-heading" title="Phone PIN">
      {pin.isPending && <p>Loading ...</p>}
      {pin.isError && <p>We could not load this just now. Please reload the page.</p>}
      {state && <p>{STATE_WORDS[state]}</p>}
      {state && state !== 'none' && (
        <button type="button" className="btn btn-outline btn-small" onClick={onReset} disabled={reset.isPending}>
          Reset phone PIN
        </button>
      )}
    </DashboardCard>
  );
}
