import { PATHS } from '../../../config/paths';

/** Only a path of this site (not '//other.host' or a full URL) may be a redirect target. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/**
 * Where a successful login goes: the `redirect` parameter, else home for
 * a returning user and the profile for someone logging in for the first time.
 */
export function loginDestination(redirect: string | null | undefined, hasLoggedInBefore: boolean) {
  return safeRedirect(redirect) ?? (hasLoggedInBefore ? PATHS.home : PATHS.profile);
}
