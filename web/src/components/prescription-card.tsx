import type { ReactNode } from 'react';
import { formatDate } from '@api/format';
import type { Prescription, PrescriptionItem, RxCheck } from '@api/record';
import { DetailsList, type DetailRow } from '@/components/details-list';
import './prescription-card.css';

/**
 * Who reads a prescription decides what of it they see (docs/record.md): the patient on the
 * dashboard, the clinic in the console (times, dispensing, the doctor's notes), a pharmacy at
 * /rx (the facts; the medicines, without notes, only once the patient's initials and year of
 * birth match). Each reads the medicines in the words their page has always used.
 */
export type PrescriptionReader = 'patient' | 'clinic' | 'pharmacy';

type Medicine = Omit<PrescriptionItem, 'notes'> & { notes?: string };

const howToTake = (item: Medicine) => `${item.dose}, ${item.frequency}, for ${item.duration}`;

/** What follows a medicine's name and strength, for each reader. */
const DIRECTIONS: Record<PrescriptionReader, (item: Medicine) => ReactNode> = {
  patient: (item) => `: ${howToTake(item)}; quantity ${item.quantity}${item.notes ? `. ${item.notes}` : ''}`,
  clinic: (item) => (
    <>
      {` ${howToTake(item)} (quantity ${item.quantity})`}
      {item.notes ? <span className="prescription-note"> · {item.notes}</span> : null}
    </>
  ),
  pharmacy: (item) => <span>{`${howToTake(item)}. Quantity: ${item.quantity}`}</span>,
};

/** A prescription's medicines: name and strength, then dose, frequency, duration and quantity. */
export function MedicineList({ items, reader }: { items: Medicine[]; reader: PrescriptionReader }) {
  return (
    <ul className={`prescription-items prescription-items-${reader}`}>
      {items.map((item, i) => (
        <li key={i}>
          <strong>{`${item.medicine} ${item.strength}`}</strong>
          {DIRECTIONS[reader](item)}
        </li>
      ))}
    </ul>
  );
}

/**
 * One prescription in a list (the patient's Prescriptions & results, the console's record):
 * its code and status (`status`, the place's own badge), who wrote it and when, its medicines,
 * then the place's actions (`children`). `className` is the place's card.
 */
export function PrescriptionCard({
  prescription: p,
  reader,
  status,
  className,
  children,
}: {
  prescription: Pick<Prescription, 'code' | 'doctor' | 'issuedAt' | 'dispensedAt' | 'items'>;
  reader: Exclude<PrescriptionReader, 'pharmacy'>;
  status: ReactNode;
  className: string;
  children?: ReactNode;
}) {
  // The clinic reads the times: when it was issued, and when it was dispensed.
  const clinic = reader === 'clinic';
  return (
    <li className={`prescription-card ${className}`} aria-label={`Prescription ${p.code}`}>
      <div className="prescription-head">
        <h3>
          Prescription <span className="prescription-code">{p.code}</span>
        </h3>
        {status}
      </div>
      <p className="prescription-by">
        {p.doctor}, {formatDate(p.issuedAt, { time: clinic })}
        {clinic && p.dispensedAt ? ` · dispensed ${formatDate(p.dispensedAt, { time: true })}` : ''}
      </p>
      <MedicineList items={p.items} reader={reader} />
      {children}
    </li>
  );
}

/** A checked code's facts, as /rx shows them under its verdict: no name, no medicines. */
export function PrescriptionFacts({ code, check }: { code: string; check: RxCheck }) {
  const rows: DetailRow[] = [
    ['Code', <span className="prescription-code">{code}</span>],
    ['Issued', formatDate(check.issuedAt, { time: true })],
    ['Prescriber', check.doctor],
  ];
  if (check.dispensedAt) rows.push(['Dispensed', formatDate(check.dispensedAt, { time: true })]);
  return <DetailsList rows={rows} />;
}
