import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Navbar } from '@/components/navbar';

const renderNavbar = () =>
  render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );

describe('Navbar', () => {
  it('shows the menu of the spec in order', () => {
    renderNavbar();
    const desktop = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(desktop.querySelector('.menu-desktop') as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Home', 'About Us', 'Services', 'Packages', 'Contact Us', 'Products', 'Sign Up', 'Book Appointment']);
  });

  it('when someone is signed in on this browser, then the menu leads to their dashboard instead of Sign Up', () => {
    localStorage.setItem('expLoggedIn', 'true');
    try {
      renderNavbar();
      const desktop = screen.getByRole('navigation', { name: 'Main' }).querySelector('.menu-desktop') as HTMLElement;
      expect(within(desktop).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
      expect(within(desktop).getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/dashboard');
    } finally {
      localStorage.removeItem('expLoggedIn');
    }
  });

  it('when the menu button is pressed, then the drawer opens, and a choice closes it', async () => {
    renderNavbar();
    const user = userEvent.setup();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.click(within(drawer).getByRole('link', { name: 'Products' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('when Escape is pressed in the open drawer, then it closes', async () => {
    renderNavbar();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
