/**
 * The values the API accepts for the booking form's and the enquiry form's choice fields
 * (the original site's enumerations). The site labels each value for people; a value missing its
 * label there is a type error. No imports: the site bundles this too.
 */

export const BOOK_FOR = ['SELF', 'OTHERS'] as const;
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const DIETARY_MODES = ['VIRTUAL', 'HOME_VISIT'] as const;
export const ORGANIZATION_TYPES = ['COMMUNITY', 'ORGANIZATION'] as const;
export const ORGANIZATION_SERVICES = ['HEALT_TALK', 'MEDICAL_SCREENING', 'EXERCISE', 'ALL'] as const;
export const EXPECTED_PEOPLE = ['1-20', '21-50', '51-100', 'ABOVE'] as const;
