/**
 * Bounds on what a visitor may send in the public forms: enough for any real name, address
 * or message. The API enforces them and the site's forms show them before sending. No
 * imports: the site bundles this too.
 */
export const LIMITS = { name: 100, location: 200, email: 254, message: 5000 } as const;
