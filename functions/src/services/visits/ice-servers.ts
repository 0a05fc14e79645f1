import { createHmac } from 'node:crypto';
import { TURN_CREDENTIAL_HOURS, type IceServer } from '../../api/visits';
import { iceConfig } from '../../config';

/**
 * The ICE servers a browser gets when it joins a visit (docs/visits.md). TURN credentials
 * follow the TURN REST API scheme that coturn checks with `use-auth-secret` /
 * `static-auth-secret`: the username is '<unix expiry>:<uid>' and the password is
 * base64(HMAC-SHA1(secret, username)), so coturn verifies them without asking us, and they
 * stop working on their own after TURN_CREDENTIAL_HOURS.
 */
export function turnCredential(secret: string, uid: string, now: Date, hours = TURN_CREDENTIAL_HOURS) {
  const expiry = Math.floor(now.getTime() / 1000) + hours * 3600;
  const username = `${expiry}:${uid}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** STUN servers as configured, and TURN servers with credentials minted for this uid; [] when none are configured. */
export function iceServersFor(uid: string, now = new Date()): IceServer[] {
  const { stunUrls, turnUrls, turnSecret } = iceConfig();
  const servers: IceServer[] = [];
  if (stunUrls.length) servers.push({ urls: stunUrls });
  if (turnUrls.length && turnSecret) servers.push({ urls: turnUrls, ...turnCredential(turnSecret, uid, now) });
  return servers;
}
