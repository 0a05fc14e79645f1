import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrescriptionIssued } from '@api/record';
import type { Appointment } from '@api/types';
import { CompleteVisitDialog } from '@/features/record/components/complete-visit-dialog';
import { PrescribeDialog } from '@/features/record/components/prescribe-dialog';
import { showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showSuccess: jest.fn(), confirm: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

const visit = {
  appointmentId: 'a1',
  patientId: 'p1',
  firstName: 'Ama',
  lastName: 'Mensah',
  requestedService: 'Virtual Consultation (Telemedicine)',
  requestedDay: '2026-12-01',
  appointmentStatus: 'CheckedIn',
} as Appointment;

const ISSUED: PrescriptionIssued = { prescriptionId: 'rx1', code: 'AB23CD45' };

const posts: { url: string; body: unknown }[] = [];
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  posts.push({ url, body: JSON.parse(String(init?.body)) });
  const data = url.endsWith('/prescriptions') ? ISSUED : { ...visit, appointmentStatus: 'Completed' };
  const statusCode = url.endsWith('/prescriptions') ? 201 : 200;
  return Promise.resolve({
    ok: true,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg: 'ok', data }),
  } as Response);
});

beforeEach(() => {
  jest.clearAllMocks();
  posts.length = 0;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('Complete visit', () => {
  const renderDialog = () => {
    const onClose = jest.fn();
    render(withQueryClient(<CompleteVisitDialog appointment={visit} onClose={onClose} />));
    return { onClose, user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Complete visit' }) };
  };

  it('when the summary is missing, then the schema’s message shows on it, it gets the focus, and nothing is sent', async () => {
    const { user, dialog } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Complete visit' }));
    expect(await within(dialog).findByText('Visit summary is required.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Visit summary/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when a follow-up on a chosen day has no day, then it is refused before sending', async () => {
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Visit summary/), 'Rest.');
    await user.selectOptions(within(dialog).getByLabelText('Suggest a follow-up'), 'On a day I choose');
    await user.click(within(dialog).getByRole('button', { name: 'Complete visit' }));
    expect(await within(dialog).findByText(/give either a number of days or a day/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the doctor writes the summary, notes and a follow-up, then complete is posted with them as the API takes them', async () => {
    const { user, dialog, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText(/^Visit summary/), 'Tonsillitis: antibiotics for 5 days.');
    await user.type(within(dialog).getByLabelText('Presenting complaint'), 'Sore throat');
    await user.type(within(dialog).getByLabelText('Findings'), 'Exudate on tonsils');
    await user.type(within(dialog).getByLabelText('Assessment'), 'Tonsillitis');
    await user.type(within(dialog).getByLabelText('Plan'), 'Amoxicillin');
    await user.selectOptions(within(dialog).getByLabelText('Suggest a follow-up'), 'In 2 weeks');
    await user.type(within(dialog).getByLabelText('Note for the patient'), 'If the fever returns');
    await user.click(within(dialog).getByRole('button', { name: 'Complete visit' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        url: '/api/staff/appointments/a1/complete',
        body: {
          visitSummary: 'Tonsillitis: antibiotics for 5 days.',
          clinicalNotes: {
            complaint: 'Sore throat',
            findings: 'Exudate on tonsils',
            assessment: 'Tonsillitis',
            plan: 'Amoxicillin',
          },
          followUp: { afterDays: 14, note: 'If the fever returns' },
        },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Prescribe', () => {
  it('when a medicine is incomplete, then its fields say what is missing and nothing is sent', async () => {
    const user = userEvent.setup();
    render(withQueryClient(<PrescribeDialog appointment={visit} onClose={jest.fn()} />));
    const dialog = screen.getByRole('dialog', { name: 'Prescribe' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Medicine' }), 'Amoxicillin');
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));
    expect(await within(dialog).findByText('Dose is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when two medicines are written, then both are posted (quantity as a number) and the code the server issued is shown', async () => {
    const user = userEvent.setup();
    render(withQueryClient(<PrescribeDialog appointment={visit} onClose={jest.fn()} />));
    const dialog = screen.getByRole('dialog', { name: 'Prescribe' });
    await user.click(within(dialog).getByRole('button', { name: 'Add medicine' }));
    const rows = within(dialog).getAllByRole('group');
    expect(rows.map((r) => r.querySelector('legend')?.textContent)).toEqual(['Medicine 1', 'Medicine 2']);
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    const MEDICINES = [
      ['Amoxicillin', '15'],
      ['Paracetamol', '12'],
    ];
    for (const [i, row] of rows.entries()) {
      await fill(within(row).getByRole('textbox', { name: 'Medicine' }), MEDICINES[i][0]);
      await fill(within(row).getByLabelText(/^Strength/), '500 mg');
      await fill(within(row).getByLabelText(/^Dose/), '1 tablet');
      await fill(within(row).getByLabelText(/^How often/), 'twice a day');
      await fill(within(row).getByLabelText(/^How long/), '5 days');
      await fill(within(row).getByLabelText(/^Quantity/), MEDICINES[i][1]);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Saved!', expect.stringContaining('Prescription AB23CD45 has been issued')),
    );
    const [post] = posts;
    expect(post.url).toBe('/api/staff/appointments/a1/prescriptions');
    expect(post.body).toEqual({
      items: [
        {
          medicine: 'Amoxicillin',
          strength: '500 mg',
          dose: '1 tablet',
          frequency: 'twice a day',
          duration: '5 days',
          quantity: 15,
          notes: '',
        },
        {
          medicine: 'Paracetamol',
          strength: '500 mg',
          dose: '1 tablet',
          frequency: 'twice a day',
          duration: '5 days',
          quantity: 12,
          notes: '',
        },
      ],
    });
  });
});
