import { useSyncExternalStore } from 'react';

import { getToken, getUser, subscribe, type SessionUser } from '../lib/auth-storage';

const noToken = () => null;

/** The stored token, re-rendering on sign-in and sign-out (also from other tabs). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, noToken);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getUser, noToken);
}

export function useIsSignedIn(): boolean {
  return useAuthToken() !== null;
}
