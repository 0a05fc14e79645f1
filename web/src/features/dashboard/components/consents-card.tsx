import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatDate } from '@api/format';
import { SITE } from '@/content/site';
import { getConsents, withdrawMarketing } from '@/shared/patient/patient';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

const consentsKey = (patientId: string) => ['patient', patientId, 'consents'] as const;

/** 'My consents': what the patient agreed to, when and under which privacy notice; marketing can be withdrawn here. */
export function ConsentsCard({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const consents = useQuery({ queryKey: consentsKey(patientId), queryFn: () => getConsents(patientId) });
  const withdraw = useMutation({
    mutationFn: () => withdrawMarketing(patientId),
    onSuccess: (data) => queryClient.setQueryData(consentsKey(patientId), data),
  });

  async function onWithdraw() {
    if (!(await confirm('Stop the newsletter?', 'Yes, withdraw', 'Your e-mail address will be removed from our list.'))) return;
    try {
      await withdraw.mutateAsync();
      await showSuccess('Deleted!', 'You will receive no more newsletters: your e-mail address has been removed from our list.');
    } catch (err) {
      await showApiError(err);
    }
  }

  const data = consents.data;
  return (
    <DashboardCard id="consents-heading" title="My consents">
      {consents.isPending && <p>Loading your consents ...</p>}
      {consents.isError && <p>We could not load your consents just now. Please reload the page.</p>}
      {data && (
        <ul className="consents">
          <li>
            <strong>Care and health information:</strong>{' '}
            {data.treatment.given ? `given on ${formatDate(data.treatment.at, { time: true })}` : 'not given'}
            {data.treatment.privacyNoticeVersion
              ? `, under the privacy notice of ${formatDate(data.treatment.privacyNoticeVersion)}.`
              : ', when you signed up.'}{' '}
            It is needed to care for you; to withdraw it, delete your account below.
          </li>
          <li>
            <strong>Newsletter (marketing):</strong>{' '}
            {data.marketing.subscribed ? (
              <>
                subscribed{data.marketing.since ? ` since ${formatDate(data.marketing.since)}` : ''}.{' '}
                <button type="button" className="btn btn-outline btn-small" onClick={onWithdraw} disabled={withdraw.isPending}>
                  Withdraw marketing consent
                </button>
              </>
            ) : (
              'not subscribed.'
            )}
          </li>
        </ul>
      )}
      <p>
        Read our <Link to={SITE.privacyUrl}>privacy policy</Link>.
      </p>
    </DashboardCard>
  );
}
