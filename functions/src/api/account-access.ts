/**
 * Why the API refuses to let a signed-in user subscribe, order, book or pay (docs/security.md,
 * Accounts): the 403's msg. The site recognises these and sends the person to the account
 * check page (/auth) to finish. No imports: the site bundles this too.
 */
export const FINISH_REGISTRATION = 'Please finish registering first: complete the sign-up form to create your patient account.';
export const FINISH_VERIFICATION = 'Please finish verifying your account first: enter the code we e-mailed you.';

/** True for the 403 msg of an account that is not registered or not yet verified. */
export const isUnfinishedAccount = (status: number, msg: string) =>
  status === 403 && (msg === FINISH_REGISTRATION || msg === FINISH_VERIFICATION);
