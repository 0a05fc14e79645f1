import { GENDERS as GENDER_IDS, ORGANIZATION_TYPES as ORGANIZATION_TYPE_IDS } from '@api/booking-choices';

/** One option of a select or radio group: the value the API accepts and what a person reads. */
export interface Choice<T extends string> {
  id: T;
  itemName: string;
}

/** The API's values (functions/src/api/booking-choices.ts) in its order, each with its label; a value without one does not compile. */
export const labelled = <T extends string>(ids: readonly T[], labels: Record<T, string>): Choice<T>[] =>
  ids.map((id) => ({ id, itemName: labels[id] }));

/** Used by the register, profile and booking forms. */
export const GENDERS = labelled(GENDER_IDS, { MALE: 'Male', FEMALE: 'Female' });

/** A stored gender ('FEMALE') as people read it ('Female'), everywhere it is shown; '—' for none. */
export const genderText = (gender: string | undefined): string =>
  GENDERS.find((g) => g.id === gender)?.itemName ?? (gender || '—');

/** Used by the enquiry and booking forms. */
export const ORGANIZATION_TYPES = labelled(ORGANIZATION_TYPE_IDS, { COMMUNITY: 'Community', ORGANIZATION: 'Organization' });
