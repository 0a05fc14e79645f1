/**
 * How every payable record is named in payment requests: 10 alphanumeric
 * characters. The site checks it before sending. No imports: the site bundles this too.
 */
export const CLIENT_REFERENCE = /^[A-Za-z0-9]{10}$/;
