/**
 * Ghana's mobile money networks as people know them now: Telecel was Vodafone Ghana (2024),
 * AT was AirtelTigo (2022); the original site's list predates both. No imports: public pages read it.
 */
export const MOBILE_NETWORKS = ['MTN', 'Telecel', 'AT'] as const;

/** The networks in a sentence: 'MTN, Telecel or AT'. */
export const MOBILE_NETWORKS_TEXT = `${MOBILE_NETWORKS.slice(0, -1).join(', ')} or ${MOBILE_NETWORKS[MOBILE_NETWORKS.length - 1]}`;
