import { render, screen, within } from '@testing-library/react';
import type { Prescription } from '@api/record';
import { MedicineList, PrescriptionCard, PrescriptionFacts } from '@/components/prescription-card';
import { AMOXICILLIN } from '@/test-support/prescriptions';

const WITH_NOTES = { ...AMOXICILLIN, notes: 'Take after meals' };

const PRESCRIPTION: Pick<Prescription, 'code' | 'doctor' | 'issuedAt' | 'dispensedAt' | 'items'> = {
  code: 'AB23CD45EF',
  doctor: 'Dr Kwame Mensah',
  issuedAt: '2026-11-26T10:00:00.000Z',
  dispensedAt: '2026-11-27T09:00:00.000Z',
  items: [WITH_NOTES, { ...AMOXICILLIN, medicine: 'Paracetamol' }],
};

const card = (reader: 'patient' | 'clinic') =>
  render(
    <ul>
      <PrescriptionCard prescription={PRESCRIPTION} reader={reader} status={<span>Dispensed</span>} className="place-card">
        <button type="button">The place’s action</button>
      </PrescriptionCard>
    </ul>,
  );

describe('PrescriptionCard', () => {
  it('when the patient reads it, then code, status, doctor and day, each medicine in their words with its notes, and the place’s actions', () => {
    card('patient');
    const item = screen.getByRole('listitem', { name: 'Prescription AB23CD45EF' });
    expect(item).toHaveClass('place-card');
    expect(within(item).getByRole('heading', { name: 'Prescription AB23CD45EF' })).toBeInTheDocument();
    expect(within(item).getByText('Dispensed')).toBeInTheDocument();
    expect(within(item).getByText('Dr Kwame Mensah, Thu 26 Nov 2026')).toBeInTheDocument();
    const [first, second] = within(item).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Amoxicillin 500 mg: 1 capsule, 3 times a day, for 5 days; quantity 15\. Take after meals$/);
    expect(second).toHaveTextContent(/^Paracetamol 500 mg: 1 capsule, 3 times a day, for 5 days; quantity 15$/);
    expect(within(item).getByRole('button', { name: 'The place’s action' })).toBeInTheDocument();
  });

  it('when the clinic reads it, then the times of issue and dispensing show, and the notes after the quantity', () => {
    card('clinic');
    const item = screen.getByRole('listitem', { name: 'Prescription AB23CD45EF' });
    expect(
      within(item).getByText(/^Dr Kwame Mensah, Thu 26 Nov 2026, \d\d:\d\d · dispensed Fri 27 Nov 2026, \d\d:\d\d$/),
    ).toBeInTheDocument();
    const [first] = within(item).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      /^Amoxicillin 500 mg 1 capsule, 3 times a day, for 5 days \(quantity 15\) · Take after meals$/,
    );
  });
});

describe('MedicineList for a pharmacy', () => {
  it('when a pharmacy reads the medicines, then each shows how to take it and the quantity, never the doctor’s notes', () => {
    render(<MedicineList items={PRESCRIPTION.items} reader="pharmacy" />);
    expect(screen.getAllByText('1 capsule, 3 times a day, for 5 days. Quantity: 15')).toHaveLength(2);
    expect(screen.getByText('Amoxicillin 500 mg')).toBeInTheDocument();
    expect(screen.queryByText(/Take after meals/)).toBeNull();
  });
});

describe('PrescriptionFacts', () => {
  it('when a code is checked, then its code, issue, prescriber and dispensing are listed, no medicines', () => {
    render(<PrescriptionFacts code="AB23CD45EF" check={{ status: 'Dispensed', ...PRESCRIPTION }} />);
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Code: 'AB23CD45EF',
      Issued: expect.stringMatching(/^Thu 26 Nov 2026, \d\d:\d\d$/),
      Prescriber: 'Dr Kwame Mensah',
      Dispensed: expect.stringMatching(/^Fri 27 Nov 2026, \d\d:\d\d$/),
    });
    expect(screen.queryByText(/Amoxicillin/)).toBeNull();
  });
});
