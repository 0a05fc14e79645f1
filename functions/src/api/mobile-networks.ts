/**
 * Ghana's mobile money networks as people know them now: Telecel was Vodafone Ghana (2024),
 * AT was AirtelTigo (2022); the original site's list predates both. No imports: public pages read it.
 */
export const MOBILE_NETWORKS = ['MTN', 'Telecel', 'AT'] as const;

/** The networks in a sentence: 'MTN, Telecel or AT'. */
export const MOBILE_NETWORKS_TEXT = `${MOBILE_NETWORKS.slice(0, -1).join(', ')} or ${MOBILE_NETWORKS[MOBILE_NETWORKS.length - 1]}`;

/** The provider's payment channel in words, as REFUND_METHODS names them: 'mtn-gh' -> 'MTN mobile money'. */
export function channelInWords(channel: string): string {
  const c = channel.toLowerCase();
  if (c.startsWith('mtn')) return 'MTN mobile money';
  if (c.startsWith('vodafone') || c.startsWith('telecel')) return 'Telecel mobile money';
  if (c.startsWith('tigo') || c.startsWith('airtel') || c.startsWith('at-')) return 'AT mobile money';
  if (c.includes('card') || c === 'visa' || c === 'mastercard') return 'Card';
  return channel;
}
