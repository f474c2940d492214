import { signUpVerified } from './accounts';
import { SmtpSink } from './smtp-sink';
import { startTestApp } from './test-app';
import type { TestApp } from './test-app';

export type TestAccount = Awaited<ReturnType<typeof signUpVerified>>;

export interface ShopperApp {
  t: TestApp;
  sink: SmtpSink;
  /** A shopper signed up with a confirmed email. */
  shopper: TestAccount;
  /** Closes the app (dropping its database) and the mail sink. */
  close(): Promise<void>;
}

export interface OwnerApp extends ShopperApp {
  /** The owner's session token. */
  owner: string;
}

/** The app with a mail sink, the owner signed up first when one is given, then a shopper. */
async function start(
  env: NodeJS.ProcessEnv,
  owner?: { email: string; name?: string },
  now?: () => number,
) {
  const sink = await new SmtpSink().start();
  const t = await startTestApp({ SMTP_URL: sink.url, ...env }, {}, { now });
  const ownerToken = owner
    ? (await signUpVerified(t, sink, owner.email, undefined, owner.name)).token
    : '';
  const shopper = await signUpVerified(t, sink);
  return {
    t,
    sink,
    owner: ownerToken,
    shopper,
    async close() {
      await t.close();
      await sink.stop();
    },
  };
}

/**
 * The app with a mail sink (SMTP_URL) and one verified shopper: the setup most API tests share.
 * `env` adds to (or overrides) the app's environment.
 */
export async function startShopperApp(env: NodeJS.ProcessEnv = {}): Promise<ShopperApp> {
  const { owner: _, ...app } = await start(env);
  return app;
}

/**
 * Like startShopperApp, with `ownerEmail` in OWNER_EMAILS (unless `env` sets it otherwise) and
 * signed up before the shopper (as `ownerName` when given), so `owner` is an owner's token;
 * `now` is the clock the catalogue's copy is kept by.
 */
export function startOwnerApp(
  ownerEmail: string,
  options: { ownerName?: string; env?: NodeJS.ProcessEnv; now?: () => number } = {},
): Promise<OwnerApp> {
  return start(
    { OWNER_EMAILS: ownerEmail, ...options.env },
    { email: ownerEmail, name: options.ownerName },
    options.now,
  );
}
