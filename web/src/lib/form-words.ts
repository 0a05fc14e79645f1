/** The spec's sentence for a form with a required field left empty (the booking's too). Apart from lib/form-refusal.ts, which pages load only on a refusal. */
export const REQUIRED = 'Please fill in all required fields.';
