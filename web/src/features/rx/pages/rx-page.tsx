import { BadgeCheck, CircleAlert, PackageCheck, RefreshCw, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '@api/format';
import { ValidationError, type AnySchema } from 'yup';
import { normaliseRxCode, RX_CODE_LENGTH, RX_OLD_CODE_LENGTH, rxDispenseSchema, rxProofSchema, type RxCheck } from '@api/record';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { useRxCheck, useRxDispense, useRxItems } from '@/features/rx/api/rx';
import { ApiError } from '@/lib/api-client';
import '../rx.css';

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

/** The first message of a schema's check of `value`, or undefined when it passes. */
function firstError(schema: AnySchema, value: unknown): string | undefined {
  try {
    schema.validateSync(value, { abortEarly: true });
    return undefined;
  } catch (err) {
    return err instanceof ValidationError ? err.message : String(err);
  }
}

function Field({
  label,
  hint,
  value,
  onChange,
  ...input
}: { label: string; hint?: string; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The medicines, after the pharmacist proves the patient (initials and year of birth); then the one-time dispense. */
function Medicines({ code }: { code: string }) {
  const [initials, setInitials] = useState('');
  const [birthYear, setBirthYear] = useState('');
  const [pharmacy, setPharmacy] = useState('');
  const [error, setError] = useState<string>();
  const items = useRxItems(code);
  const dispense = useRxDispense(code);
  const proof = { initials, birthYear: birthYear.trim() === '' ? undefined : Number(birthYear) };

  function show(e: FormEvent) {
    e.preventDefault();
    const invalid = firstError(rxProofSchema, proof);
    setError(invalid);
    if (!invalid) items.mutate(rxProofSchema.cast(proof));
  }

  function markDispensed(e: FormEvent) {
    e.preventDefault();
    const body = { ...proof, pharmacy };
    const invalid = firstError(rxDispenseSchema, body);
    setError(invalid);
    if (!invalid) dispense.mutate(rxDispenseSchema.cast(body));
  }

  const failed = error ?? items.error?.message ?? dispense.error?.message;
  return (
    <>
      {!items.data && (
        <form className="rx-form" aria-label="Show the medicines" noValidate onSubmit={show}>
          <div className="rx-proof">
            <Field
              label="Patient’s initials"
              hint="The first letter of each of the patient’s names, as on the prescription, e.g. ASB."
              value={initials}
              onChange={setInitials}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
            />
            <Field
              label="Patient’s year of birth"
              hint="From the patient’s card or ID, e.g. 1984."
              value={birthYear}
              onChange={setBirthYear}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={items.isPending}>
            Show the medicines
          </button>
        </form>
      )}
      {items.data && (
        <>
          <h3>Medicines</h3>
          <ul className="rx-items">
            {items.data.items.map((item, i) => (
              <li key={i}>
                <strong>
                  {item.medicine} {item.strength}
                </strong>
                <span>
                  {item.dose}, {item.frequency}, for {item.duration}. Quantity: {item.quantity}
                </span>
              </li>
            ))}
          </ul>
          <form className="rx-form" aria-label="Mark it dispensed" noValidate onSubmit={markDispensed}>
            <Field
              label="Your pharmacy’s name"
              hint="Kept with the prescription, so the clinic knows who dispensed it. It can be marked dispensed once."
              value={pharmacy}
              onChange={setPharmacy}
              autoComplete="organization"
              maxLength={120}
            />
            <button type="submit" className="btn btn-primary" disabled={dispense.isPending}>
              <PackageCheck aria-hidden="true" size={18} /> Mark as dispensed
            </button>
          </form>
        </>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}

function Verdict({ check, code }: { check: RxCheck; code: string }) {
  const verdict = VERDICTS[check.status];
  const Icon = verdict.ok ? BadgeCheck : CircleAlert;
  return (
    <section className={`rx-verdict ${verdict.ok ? 'rx-ok' : 'rx-stop'}`} aria-labelledby="rx-verdict-title">
      <h2 id="rx-verdict-title">
        <Icon aria-hidden="true" /> {verdict.title}
      </h2>
      <p>{verdict.text}</p>
      <dl className="details">
        <div>
          <dt>Code</dt>
          <dd className="rx-code">{code}</dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>{formatDate(check.issuedAt, { time: true })}</dd>
        </div>
        <div>
          <dt>Prescriber</dt>
          <dd>{check.doctor}</dd>
        </div>
        {check.dispensedAt && (
          <div>
            <dt>Dispensed</dt>
            <dd>{formatDate(check.dispensedAt, { time: true })}</dd>
          </div>
        )}
      </dl>
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
