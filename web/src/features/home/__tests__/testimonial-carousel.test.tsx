import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestimonialCarousel } from '@/features/home/components/testimonial-carousel';
import { TESTIMONIALS } from '@/features/home/testimonials';

// jsdom has no PointerEvent; a MouseEvent carries the clientX a swipe needs.
beforeAll(() => {
  window.PointerEvent ??= MouseEvent as unknown as typeof PointerEvent;
});

const current = () => screen.getAllByRole('group', { hidden: true }).find((s) => s.getAttribute('aria-hidden') === 'false');

describe('Testimonial carousel', () => {
  afterEach(() => jest.useRealTimers());

  it('has 5 slides and shows the first', () => {
    render(<TestimonialCarousel items={TESTIMONIALS} />);
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(5);
    expect(current()).toHaveAccessibleName('1 of 5');
    expect(current()).toHaveTextContent(TESTIMONIALS[0].userName);
  });

  it('when the arrow keys are pressed on it, then it moves to the next and previous slide, wrapping round', async () => {
    render(<TestimonialCarousel items={TESTIMONIALS} />);
    act(() => screen.getByRole('region', { name: 'Client testimonials' }).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(current()).toHaveAccessibleName('2 of 5');
    expect(current()).toHaveTextContent(TESTIMONIALS[1].message);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(current()).toHaveAccessibleName('5 of 5');
  });

  it('when swiped left, then the next slide shows', () => {
    render(<TestimonialCarousel items={TESTIMONIALS} />);
    const viewport = current()!.closest('.carousel-viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(current()).toHaveAccessibleName('2 of 5');
  });

  it('when time passes, then it advances, but not while it is hovered or has focus', () => {
    jest.useFakeTimers();
    render(<TestimonialCarousel items={TESTIMONIALS} intervalMs={1000} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(current()).toHaveAccessibleName('2 of 5');
    const region = screen.getByRole('region', { name: 'Client testimonials' });
    fireEvent.mouseEnter(region);
    act(() => jest.advanceTimersByTime(3000));
    expect(current()).toHaveAccessibleName('2 of 5');
    fireEvent.mouseLeave(region);
    act(() => region.focus());
    act(() => jest.advanceTimersByTime(3000));
    expect(current()).toHaveAccessibleName('2 of 5');
  });

  it('when Stop is pressed, then it no longer advances on its own', () => {
    jest.useFakeTimers();
    render(<TestimonialCarousel items={TESTIMONIALS} intervalMs={1000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(current()).toHaveAccessibleName('1 of 5');
  });
});
