/**
 * A phone number typed in any form people use (024 123 4567, +233 24..., 233 24..., 00233...,
 * or its start) as the start of the stored +233... form; undefined when the text is no number.
 * The patients' and the appointments' searches both use it.
 */
export function phonePrefixOf(q: string): string | undefined {
  const compact = q.replace(/[\s().-]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return undefined;
  const digits = compact.replace(/^\+/, '');
  if (digits.startsWith('00233')) return `+233${digits.slice(5)}`;
  if (digits.startsWith('233')) return `+${digits}`;
  if (digits.startsWith('0')) return `+233${digits.slice(1)}`;
  return compact.startsWith('+') ? compact : `+233${digits}`;
}
