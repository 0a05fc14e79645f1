/**
 * The desk's inbox (docs/front-desk.md; shapes in @api/staff and @api/front-desk): enquiries,
 * contact messages and the replies to them, and the newsletter's subscriber list.
 */
import type { MessageStatus } from '@api/front-desk';
import type { EnquiryStatus, StaffEnquiry, StaffMessage } from '@api/staff';
import { api } from '@/lib/api-client';
import { downloadFile, staffKeys, useChange, usePaged, useStatusChange } from '@/features/staff/api/console-query';

export type { StaffEnquiry } from '@api/staff';
export type ContactMessage = StaffMessage;

export const inboxKeys = {
  enquiries: [...staffKeys.all, 'enquiries'] as const,
  messages: [...staffKeys.all, 'messages'] as const,
};

export const useEnquiries = (status?: EnquiryStatus) =>
  usePaged<StaffEnquiry>([...inboxKeys.enquiries, status ?? 'all'], '/staff/enquiries', { status });
export const useMessages = () => usePaged<ContactMessage>(inboxKeys.messages, '/staff/messages');

export const useSetEnquiryStatus = () => useStatusChange<EnquiryStatus, StaffEnquiry>('enquiries', [inboxKeys.enquiries]);
export const useSetMessageStatus = () => useStatusChange<MessageStatus, ContactMessage>('messages', [inboxKeys.messages]);

/** POST /staff/messages/{id}/reply: mailed to the sender and kept with the message. */
export const useReplyToMessage = () =>
  useChange(
    ({ messageId, text }: { messageId: string; text: string }) =>
      api.post<ContactMessage>(`/staff/messages/${encodeURIComponent(messageId)}/reply`, { text }, { auth: true }),
    [inboxKeys.messages],
  );

/** GET /staff/newsletter.csv: text/csv on success, the usual envelope on failure. */
export const downloadNewsletterCsv = () =>
  downloadFile(
    '/staff/newsletter.csv',
    `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`,
    'The subscriber list could not be downloaded.',
  );
