/**
 * The spec's timestamp format, yyyy-MM-dd HH:mm:ss, in Ghana time. Ghana keeps GMT all
 * year (UTC+0, no daylight saving), so Ghana time is UTC.
 */
export function ghanaTimestamp(at: Date = new Date()): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}
