import jwt from 'jsonwebtoken';

const ISSUER = 'vanya-api';
const AUDIENCE = 'vanya-web';
const ALGORITHM = 'HS256';

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
  return jwt.sign({ tv: claims.tv }, secret, {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: lifetimeSeconds,
  });
}

/** The claims of a valid token, or undefined for anything else (forged, expired, `alg: none`, wrong audience...). */
export function verifySessionToken(token: string, secret: string): SessionClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (
      typeof payload !== 'object' ||
      typeof payload.sub !== 'string' ||
      typeof payload.tv !== 'number'
    )
      return undefined;
    return { sub: payload.sub, tv: payload.tv };
  } catch {
    return undefined;
  }
}
