import type { HomeAddress } from './booking-request';

/**
 * A Google Maps search for a visit's address (https://developers.google.com/maps/documentation/urls/get-started),
 * the one link the console and the day sheet give (docs/front-desk.md): the GhanaPost code finds the
 * spot best when given, else the street and the landmark, in Ghana. undefined without an address.
 */
export function mapLink(address: HomeAddress | null | undefined): string | undefined {
  const where = address?.digitalAddress || [address?.line, address?.landmark].filter(Boolean).join(', ');
  return where ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${where}, Ghana`)}` : undefined;
}
