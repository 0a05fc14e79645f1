import type { RequestParamHandler, Router } from 'express';
import { invalidIdMessage, isValidId } from '../api/ids';
import { badRequest } from './errors';

/**
 * Path parameters that name a document, each in the words its refusal says (never the key):
 * each must pass the api's one id rule.
 */
const ID_PARAMS: Record<string, string> = {
  appointmentId: 'The appointment id in the address',
  patientId: 'The patient id in the address',
  id: 'The id in the address',
  dependantId: 'The family member id in the address',
  prescriptionId: 'The prescription id in the address',
  fileId: 'The file id in the address',
};

const checkId: RequestParamHandler = (_req, _res, next, value, name) => {
  next(isValidId(value) ? undefined : badRequest(invalidIdMessage(ID_PARAMS[name])));
};

/**
 * Registers the id rule for every id parameter of the router's paths (Express runs
 * router.param handlers before the route), so `/appointments/a%2Fb` is a 400 naming the
 * parameter in words, never a Firestore path error (500).
 */
export function checkIdParams(router: Router): Router {
  for (const name of Object.keys(ID_PARAMS)) router.param(name, checkId);
  return router;
}
