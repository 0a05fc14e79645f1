import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import FaqsPage from '@/features/faqs/pages/faqs-page';

const renderPage = () =>
  render(
    <MemoryRouter>
      <FaqsPage />
    </MemoryRouter>,
  );

describe('FAQs page', () => {
  it('shows four sections of questions, all closed', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(screen.queryByText(/50% late cancellation fee/)).not.toBeVisible();
  });

  it('when a question is pressed, then its answer opens, and pressing again closes it', async () => {
    renderPage();
    const question = screen.getByRole('button', { name: 'Can I cancel or change my appointment?' });
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'Can I cancel or change my appointment?' });
    expect(answer).toHaveTextContent('Cancellation is free at least 12 hours before the appointment');
    expect(answer).toHaveTextContent('50% late cancellation fee');
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('when a question is opened with the keyboard, then it holds the emergency numbers 112 and 193', async () => {
    renderPage();
    const question = screen.getByRole('button', { name: 'What should I do in an emergency?' });
    question.focus();
    await userEvent.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'What should I do in an emergency?' });
    expect(answer).toHaveTextContent('112');
    expect(answer).toHaveTextContent('193');
  });

  it('holds the spec facts on visits, home visits and payments', () => {
    renderPage();
    const text = document.body.textContent ?? '';
    for (const fact of [
      '24-72 hours',
      '15 minutes to 2 hours',
      'only available in Accra',
      'MTN, Telecel or AT',
      'GHS 99 per month',
      'free 30-day trial',
    ]) {
      expect(text).toContain(fact);
    }
  });
});
