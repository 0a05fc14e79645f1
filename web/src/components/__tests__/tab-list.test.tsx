import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TabList } from '@/components/tab-list';

const TABS = [
  { id: 'mobile-money', label: 'Mobile Money' },
  { id: 'card', label: 'Credit Card' },
  { id: 'cash', label: 'Cash' },
] as const;
type Id = (typeof TABS)[number]['id'];

function Tabs() {
  const [value, setValue] = useState<Id>('mobile-money');
  return (
    <>
      <TabList
        name="Payment method"
        tabs={TABS}
        value={value}
        onChange={setValue}
        ids={(id) => ({ tab: `${id}-tab`, panel: 'panel' })}
      />
      <div id="panel" role="tabpanel" aria-labelledby={`${value}-tab`}>
        {value}
      </div>
    </>
  );
}

describe('TabList', () => {
  it('has one tab stop, the chosen tab, which names the panel', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Payment method' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mobile Money' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Credit Card' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Mobile Money' })).toHaveTextContent('mobile-money');
  });

  it('when Left is pressed on the first tab, then the last is chosen and focused; Right goes round to the first', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    screen.getByRole('tab', { name: 'Mobile Money' }).focus();
    await user.keyboard('{ArrowLeft}');
    const cash = screen.getByRole('tab', { name: 'Cash' });
    expect(cash).toHaveAttribute('aria-selected', 'true');
    expect(cash).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mobile Money' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('mobile-money');
  });

  it('when a tab is clicked, then it is chosen', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    await user.click(screen.getByRole('tab', { name: 'Credit Card' }));
    expect(screen.getByRole('tab', { name: 'Credit Card' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('card');
  });
});
