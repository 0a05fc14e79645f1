/**
 * Home visits as the console shows them (docs/front-desk.md): where to go, a map link built
 * from the address, and when the clinician means to arrive. Pure: the pages and tests share it.
 */
import type { HomeAddress } from '@api/booking-request';
import type { ArrivalWindow } from '@api/front-desk';

/** 'line (landmark), town': what a person reads. */
export function addressText(address: HomeAddress | null | undefined, town?: string | null): string {
  if (!address) return town ?? '';
  const line = address.landmark ? `${address.line} (${address.landmark})` : address.line;
  return [line, town ?? ''].filter(Boolean).join(', ');
}

/**
 * A Google Maps search for the visit (https://developers.google.com/maps/documentation/urls/get-started):
 * the street address or landmark and the town, in Ghana. The GhanaPost code is shown beside the
 * link rather than searched, since Maps does not read those codes.
 */
export function mapLink(address: HomeAddress | null | undefined, town?: string | null): string | undefined {
  const where = [address?.line, town].filter(Boolean).join(', ');
  if (!where) return undefined;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${where}, Ghana`)}`;
}

/** '10:00–12:00', or undefined when no window was agreed. */
export const windowText = (w: ArrivalWindow | null | undefined) => (w ? `${w.from}–${w.to}` : undefined);
