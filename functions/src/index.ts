import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { REGION } from './config';

setGlobalOptions({ region: REGION, maxInstances: 10 });

/** The whole API: one Express app behind Hosting's /api/** rewrite. */
export const api = onRequest(createApp());
