import { type Request, Router } from 'express';
import { enquirySchema, feedbackSchema, newsletterSchema } from '../api/form-requests';
import type { FormReceipt } from '../api/types';
import { created, ok } from '../http/envelope';
import { throttle } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import {
  botReceipt,
  isBot,
  newsletterIdOf,
  saveEnquiry,
  saveFeedback,
  subscribeToNewsletter,
} from '../services/public/public-forms';

/** Forms anyone may send: newsletter, contact messages, organisation enquiries. */
export const publicFormsRouter = Router();

/**
 * Behind a shared front end (http/rate-limit.ts clientAt) the forms count per sender instead:
 * the e-mail (or, for an enquiry, the organisation's) the form names.
 */
const sender =
  (...fields: string[]) =>
  (req: Request) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const value = fields.map((f) => body[f]).find((v) => typeof v === 'string' && v.trim());
    return typeof value === 'string' ? `sender:${value.trim().toLowerCase().slice(0, 200)}` : undefined;
  };

const SUBSCRIBED = 'Thank you for subscribing to our newsletter.';

publicFormsRouter.post('/subscriptions/news', throttle(undefined, undefined, undefined, sender('email')), async (req, res) => {
  // A bot gets the id a real subscription of that text would have, and nothing is written.
  if (isBot(req.body)) return created<FormReceipt>(res, { id: newsletterIdOf(String(req.body.email ?? '')) }, SUBSCRIBED);
  const { created: isNew, subscription } = await subscribeToNewsletter(await bodyOf(req, newsletterSchema));
  const receipt: FormReceipt = { id: subscription.docid };
  // A repeat is a success too: the address is on the list either way.
  if (isNew) created(res, receipt, SUBSCRIBED);
  else ok(res, receipt, 'You are already subscribed to our newsletter. Thank you.');
});

const FEEDBACK_RECEIVED = 'Thank you for your message. Our team will get back to you shortly.';

publicFormsRouter.post('/feedback', throttle(undefined, undefined, undefined, sender('email', 'telephone')), async (req, res) => {
  if (isBot(req.body)) return created<FormReceipt>(res, botReceipt(), FEEDBACK_RECEIVED);
  const feedback = await saveFeedback(await bodyOf(req, feedbackSchema));
  created<FormReceipt>(res, { id: feedback.docid }, FEEDBACK_RECEIVED);
});

const ENQUIRY_RECEIVED = 'Thank you for your enquiry. Our team will contact you shortly.';

publicFormsRouter.post(
  '/enquiries',
  throttle(undefined, undefined, undefined, sender('organiztionEmail', 'organiztionContact')),
  async (req, res) => {
    if (isBot(req.body)) return created<FormReceipt>(res, botReceipt(), ENQUIRY_RECEIVED);
    const enquiry = await saveEnquiry(await bodyOf(req, enquirySchema));
    created<FormReceipt>(res, { id: enquiry.id }, ENQUIRY_RECEIVED);
  },
);
