/**
 * TEMPORARY: the dependant request's Yup schema, until the server branch's one in
 * functions/src/api lands (then this file re-exports it).
 */
import { object, string, type InferType } from 'yup';
import { GENDERS } from '@api/booking-choices';
import { todayInGhana } from '@api/booking-request';

const name = (label: string) =>
  string().trim().required(`${label} is required.`).max(80, `${label} must be at most 80 characters.`);

export const dependantSchema = object({
  firstName: name('First name (firstName)'),
  lastName: name('Last name (lastName)'),
  relation: name('Relation (relation)'),
  dateOfBirth: string()
    .required('Date of birth (dateOfBirth) is required.')
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth (dateOfBirth) must be a date written yyyy-MM-dd.')
    .test('past', 'Date of birth (dateOfBirth) must not be in the future.', (v) => !v || v <= todayInGhana()),
  gender: string().required('Gender (gender) is required.').oneOf(GENDERS, 'Gender (gender) must be MALE or FEMALE.'),
});

export type DependantRequest = InferType<typeof dependantSchema>;
