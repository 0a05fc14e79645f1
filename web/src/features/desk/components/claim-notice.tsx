import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '@api/format';
import { CLAIM_MISMATCHES_TO_LOCK } from '@api/front-desk';
import type { StaffPatientView } from '@api/staff';
import { useConfirmClaim } from '@/features/desk/api/patients-api';
import { apiMessage } from '@/lib/api-client';
import { confirm, showSuccess } from '@/lib/dialogs';

/**
 * A clinic record's claim that waits on the desk (docs/front-desk.md 'Claiming'): an account
 * proved its number, but the record has no year of birth to compare, or the year did not match
 * (locked after CLAIM_MISMATCHES_TO_LOCK). The desk checks the person (an ID) and confirms:
 * the record and its appointments then go to that account.
 */
export function ClaimNotice({ view }: { view: StaffPatientView }) {
  const confirmClaim = useConfirmClaim();
  const [error, setError] = useState('');
  const { patient, claimant } = view;
  const waiting = patient.claimWaiting;
  const mismatch = patient.claimMismatch;
  if (patient.claimedBy || (!waiting && !mismatch)) return null;
  const who = claimant ? `${claimant.name} (${claimant.emailAddress})` : 'an account';
  const locked = mismatch && (mismatch.count ?? 1) >= CLAIM_MISMATCHES_TO_LOCK;

  async function onConfirm() {
    if (!claimant) return;
    setError('');
    const sure = await confirm(
      'Confirm this person?',
      'Yes, move the record',
      `Only when you have checked their ID against this record: it and its appointments go to ${who}.`,
    );
    if (!sure) return;
    try {
      const done = await confirmClaim.mutateAsync({ patientId: patient.patientId, accountId: claimant.patientId });
      await showSuccess(
        'Record moved',
        `This record and ${done.appointments} appointment(s) are now in ${claimant.name}'s account.`,
      );
    } catch (err) {
      setError(apiMessage(err, 'The claim could not be confirmed. Please try again.'));
    }
  }

  return (
    <div className="staff-notice" role="status">
      {waiting ? (
        <p>
          Claim waiting: {who} proved this number on {formatDate(waiting.at)}. This record has no date of birth, so it joins their
          account only when you confirm the person: check their ID against this record.
        </p>
      ) : (
        <p>
          Not claimed: an account proved this number on {formatDate(mismatch!.at)}, but {mismatch!.why}.
          {locked && ` Locked after ${CLAIM_MISMATCHES_TO_LOCK} mismatches: it can no longer be claimed online.`} Check the person
          (an ID): correct this record or ask them to correct their account and send a new code, or confirm them here.
        </p>
      )}
      {claimant && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={confirmClaim.isPending}
          aria-busy={confirmClaim.isPending}
          onClick={() => void onConfirm()}
        >
          <UserCheck aria-hidden="true" size={18} /> Confirm {claimant.name}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
