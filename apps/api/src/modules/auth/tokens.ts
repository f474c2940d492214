import { createSecretKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const ISSUER = 'vanya-api';
const AUDIENCE = 'vanya-web';
const ALGORITHM = 'HS256';

// jsonwebtoken re-parses a string secret on every call (it first tries it as a public key and
// catches the failure), which cost 5% of the API's CPU under load; a KeyObject is parsed once.
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  if (!keys.has(secret)) keys.set(secret, createSecretKey(Buffer.from(secret, 'utf8')));
  return keys.get(secret)!;
}

export interface SessionClaims {
  /** The user's id. */
  sub: string;
  /** The user's token version when the token was issued; a password change or reset bumps it. */
  tv: number;
}

export function signSessionToken(
  claims: SessionClaims,
  secret: string,
  lifetimeSeconds: number,
): string {
  return jwt.sign({ tv: claims.tv }, keyFor(secret), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: lifetimeSeconds,
  });
}

/** The claims of a valid token, or undefined for anything else (forged, expired, without expiry, `alg: none`, wrong audience...). */
export function verifySessionToken(token: string, secret: string): SessionClaims | undefined {
  try {
    const payload = jwt.verify(token, keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    // jsonwebtoken checks `exp` only when it is there: a token without one would never end.
    if (
      typeof payload !== 'object' ||
      typeof payload.sub !== 'string' ||
      typeof payload.tv !== 'number' ||
      typeof payload.exp !== 'number'
    )
      return undefined;
    return { sub: payload.sub, tv: payload.tv };
  } catch {
    return undefined;
  }
}
