import { lazy } from 'react';

/** The enquiry dialog, loaded when an organisation asks for it, not with the page (it brings the form libraries). */
export const LazyEnquiryModal = lazy(async () => ({
  default: (await import('@/features/enquiries/components/enquiry-modal')).EnquiryModal,
}));
