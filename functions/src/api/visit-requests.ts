/**
 * The one request of the visit API with a body (POST /api/visits/{id}/mode), validated with
 * yup: apart from visits.ts, so the pages that only need the visit's shapes and times (the
 * dashboard, the console's day list) do not load yup with them.
 */
import { mixed, object, type ObjectSchema } from 'yup';
import { VISIT_MODES, type VisitMode, type VisitModeRequest } from './visits';

export const visitModeSchema: ObjectSchema<VisitModeRequest> = object({
  mode: mixed<VisitMode>()
    .label('Mode')
    .oneOf([...VISIT_MODES], `Mode must be one of ${VISIT_MODES.join(', ')}.`)
    .required('Mode is required.'),
});
