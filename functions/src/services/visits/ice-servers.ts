import { createHmac } from 'node:crypto';
import type { IceServer } from '../../api/visits';
import { iceConfig } from '../../config';

/**
 * The ICE servers a browser gets when it joins a visit (docs/visits.md). TURN credentials
 * follow the TURN REST API scheme that coturn checks with `use-auth-secret` /
 * `static-auth-secret`: the username is '<unix expiry>:<uid>' and the password is
 * base64(HMAC-SHA1(secret, username)), so coturn verifies them without asking us, and refuses
 * an allocation with them once `expiresAt` has passed.
 */
export function turnCredential(secret: string, uid: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${uid}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * STUN servers as configured, and TURN servers with credentials minted for this uid that expire
 * at `expiresAt` (the join's: the room's close); [] when none are configured.
 */
export function iceServersFor(uid: string, expiresAt: Date): IceServer[] {
  const { stunUrls, turnUrls, turnSecret } = iceConfig();
  const servers: IceServer[] = [];
  if (stunUrls.length) servers.push({ urls: stunUrls });
  if (turnUrls.length && turnSecret) servers.push({ urls: turnUrls, ...turnCredential(turnSecret, uid, expiresAt) });
  return servers;
}
