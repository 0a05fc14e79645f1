/** Kept for the modules that still import it from here; the formatter lives in api/format.ts. */
export { ghanaTimestamp } from '../api/format';
