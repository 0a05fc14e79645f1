import type { RequestParamHandler, Router } from 'express';
import { invalidIdMessage, isValidId } from '../api/ids';
import { badRequest } from './errors';

/** Path parameters that name a document: each must pass the api's one id rule. */
const ID_PARAMS = ['appointmentId', 'patientId', 'id', 'dependantId', 'prescriptionId', 'fileId'] as const;

const checkId: RequestParamHandler = (_req, _res, next, value, name) => {
  next(isValidId(value) ? undefined : badRequest(invalidIdMessage(String(name))));
};

/**
 * Registers the id rule for every id parameter of the router's paths (Express runs
 * router.param handlers before the route), so `/appointments/a%2Fb` is a 400 naming the
 * parameter, never a Firestore path error (500).
 */
export function checkIdParams(router: Router): Router {
  for (const name of ID_PARAMS) router.param(name, checkId);
  return router;
}
