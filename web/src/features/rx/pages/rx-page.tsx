import { BadgeCheck, CircleAlert, RefreshCw, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { RxCheck } from '@api/record';
import { normaliseRxCode, RX_CODE_LENGTH, RX_OLD_CODE_LENGTH } from '@api/rx-code';
import { FormFieldset } from '@/components/form-fieldset';
import { lazyPart } from '@/components/lazy-part';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { PrescriptionFacts } from '@/components/prescription-card';
import { useRxCheck } from '@/features/rx/api/rx';
import { ApiError } from '@/lib/api-client';
import '../rx.css';

/** Shown only for a genuine code, with Yup for its checks: it follows the page's first load (docs/performance.md). */
const Medicines = lazyPart(() => import('@/features/rx/components/medicines').then((m) => m.Medicines));

const CODE_HINT = `The ${RX_CODE_LENGTH} letters and digits printed on the prescription (older ones have ${RX_OLD_CODE_LENGTH}; there is no 0, 1, I, L or O in a code).`;

/** Only an Issued prescription is called genuine: a dispensed code never is again (docs/record.md). */
const VERDICTS: Record<RxCheck['status'], { title: string; text: string; ok: boolean }> = {
  Issued: {
    title: 'Genuine: not yet dispensed',
    text: 'To see the medicines, type the patient’s initials and year of birth. Mark it dispensed here when you give them.',
    ok: true,
  },
  Dispensed: { title: 'Already dispensed', text: 'Do not dispense it again.', ok: false },
  Cancelled: { title: 'Cancelled by the prescriber', text: 'Do not dispense it.', ok: false },
};

function Verdict({ check, code }: { check: RxCheck; code: string }) {
  const verdict = VERDICTS[check.status];
  const Icon = verdict.ok ? BadgeCheck : CircleAlert;
  return (
    <section className={`rx-verdict ${verdict.ok ? 'rx-ok' : 'rx-stop'}`} aria-labelledby="rx-verdict-title">
      <h2 id="rx-verdict-title">
        <Icon aria-hidden="true" /> {verdict.title}
      </h2>
      <p>{verdict.text}</p>
      <PrescriptionFacts code={code} check={check} />
      {check.status === 'Issued' && <Medicines code={code} />}
    </section>
  );
}

/**
 * /rx and /rx/{code}: a pharmacist types a prescription's code and sees whether it is
 * genuine and whether it was dispensed (docs/record.md): status, date and prescriber; the
 * medicines only after the patient's initials and year of birth are typed; no name or contact.
 */
export default function RxPage() {
  usePageTitle('Check a prescription');
  const { code: inPath } = useParams();
  const code = inPath ? normaliseRxCode(inPath) : undefined;
  const navigate = useNavigate();
  const inputId = useId();
  const [typed, setTyped] = useState(inPath ?? '');
  const [error, setError] = useState<string>();
  const check = useRxCheck(code);
  const notFound = check.error instanceof ApiError && check.error.status === 404;

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = normaliseRxCode(typed);
    if (!next) return setError(`Enter the code: ${CODE_HINT}`);
    setError(undefined);
    if (next === code) void check.refetch();
    else navigate(`/rx/${next}`);
  }

  return (
    <section className="page container rx-page">
      <h1>Check a prescription</h1>
      <p className="lead">
        For pharmacies: type the code on an {SITE.brand} prescription to see that it is genuine and not yet dispensed.
      </p>
      <form className="rx-form" role="search" aria-label="Check a prescription" noValidate onSubmit={submit}>
        <FormFieldset>
          <div className={`field${error ? ' invalid' : ''}`}>
            <label htmlFor={inputId}>Prescription code</label>
            <input
              id={inputId}
              name="code"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={RX_CODE_LENGTH + 4}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
            />
            <p id={`${inputId}-hint`} className="field-hint">
              {CODE_HINT}
            </p>
            {error && (
              <p id={`${inputId}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary">
            <Search aria-hidden="true" size={18} /> Check
          </button>
        </FormFieldset>
      </form>
      {inPath && !code && (
        <p className="field-error" role="alert">
          “{inPath}” is not a prescription code. {CODE_HINT}
        </p>
      )}
      {code && check.isFetching && <Loading text="Checking…" />}
      {code && !check.isFetching && check.data && <Verdict check={check.data} code={code} />}
      {code && !check.isFetching && check.error && (
        <section className="rx-verdict rx-stop" role="alert" aria-labelledby="rx-verdict-title">
          <h2 id="rx-verdict-title">
            <CircleAlert aria-hidden="true" /> {notFound ? 'Not found' : 'We could not check it'}
          </h2>
          <p>
            {notFound
              ? `No prescription has the code ${code}. It is not a genuine ${SITE.brand} prescription: do not dispense it.`
              : check.error.message}
          </p>
        </section>
      )}
      {code && !check.isFetching && (
        <button type="button" className="btn btn-outline rx-again" onClick={() => void check.refetch()}>
          <RefreshCw aria-hidden="true" size={18} /> Check again
        </button>
      )}
    </section>
  );
}
