import type { User } from '@vanya/contracts';
import type { LoginEvent, LoginHistory } from './login-history';
import type { UserDoc } from './user.model';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Android' from a user-agent header; good enough for a person reading their history. */
export function describeBrowser(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const named = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1];
  const browser = named(BROWSERS) ?? (ua ? ua.split(/[ /]/)[0]!.slice(0, 30) : 'Unknown browser');
  const os = named(SYSTEMS);
  return os ? `${browser} on ${os}` : browser;
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '22 Nov 2026, 9:01 pm IST · Chrome on Linux · 203.0.113.9' */
export function formatLoginEvent(event: LoginEvent): string {
  return [
    `${istFormat.format(event.at)} IST`,
    describeBrowser(event.userAgent),
    event.ip ?? 'unknown address',
  ].join(' · ');
}

/**
 * The user as the profile shows it: the user document and its login history. Orders, invoices,
 * returns and tickets are not part of it; each profile tab reads its own page (GET /orders,
 * /invoices, /returns, /tickets).
 */
export function toUserResponse(user: UserDoc, history: LoginHistory): User {
  return {
    name: user.name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    phoneVerified: Boolean(user.phone && user.phoneVerified),
    dob: user.dob ? user.dob.toISOString().slice(0, 10) : '',
    gender: (user.gender ?? '') as User['gender'],
    createdAt: user.createdAt.toISOString(),
    avatar: user.avatar ?? '',
    twoStepEnabled: Boolean(user.twoStepEnabled),
    emailVerified: Boolean(user.emailVerified),
    hasLoggedInBefore: history.hasLoggedInBefore,
    loginHistory: history.events.map(formatLoginEvent),
    addresses: (user.addresses ?? []).map((a) => ({ id: a.id, address: a.address })),
    payments: (user.paymentMethods ?? []).map((p) => ({ id: p.id, payment: p.payment })),
  };
}
