import { TestimonialCarousel } from '@/features/home/components/testimonial-carousel';
import { TESTIMONIALS } from '@/features/home/testimonials';

/** The carousel with its slides: its own chunk, because it sits at the foot of the home page. */
export default function TestimonialsSection() {
  return <TestimonialCarousel items={TESTIMONIALS} />;
}
