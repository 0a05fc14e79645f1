import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ELibraryPage from '@/features/e-library/pages/e-library-page';

const EMPTY = 'No videos available for this category and tab combination';
const cardTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('E-library page', () => {
  it('when it opens, then All and Procedures are chosen and their videos are shown', () => {
    render(<ELibraryPage />);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('tab', { name: 'Procedures' })).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toContain('Reading a 12-lead ECG step by step');
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('when a category and tab have no videos, then the empty message is shown', async () => {
    render(<ELibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Neurology' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Workshops' }));
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(0);
  });

  it('when the arrow key moves along the tabs, then the next tab is selected and focused', async () => {
    render(<ELibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Cardiology' }));
    screen.getByRole('tab', { name: 'Procedures' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const lectures = screen.getByRole('tab', { name: 'Lectures' });
    expect(lectures).toHaveAttribute('aria-selected', 'true');
    expect(lectures).toHaveFocus();
    expect(cardTitles()).toEqual(['Hypertension in Ghana: what has changed']);
  });

  it('when a video card is opened, then its details show in a dialog that Escape closes', async () => {
    render(<ELibraryPage />);
    await userEvent.click(screen.getByRole('button', { name: /^Details of Reading a 12-lead ECG step by step/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reading a 12-lead ECG step by step' });
    expect(within(dialog).getByText(/Dr\. Ama Mensah/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
