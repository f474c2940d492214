import request from 'supertest';
import type { LogSmsTransport } from '../modules/sms/sms-transport';
import { codeIn, linkIn } from './smtp-sink';
import type { SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';

export const PASSWORD = 'Kokum#Butter1';

let counter = 0;
/** A fresh address per call, so tests never collide on the unique email index. */
export function newEmail(tag = 'shopper'): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}@example.in`;
}

/** Signs up through the API, follows the emailed link and returns the session token it gives. */
export async function signUpVerified(
  t: TestApp,
  sink: SmtpSink,
  email = newEmail(),
  password = PASSWORD,
  name = 'Asha Kulkarni',
) {
  const registered = await request(t.app)
    .post('/api/auth/register')
    .send({ name, email, password });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const mail = await sink.waitFor(email, /Confirm your email/);
  const token = new URL(linkIn(mail, `${t.config.webOrigin}/verify-email?token=`)).searchParams.get(
    'token',
  )!;
  const verified = await request(t.app).post('/api/auth/verify-email').send({ token });
  if (verified.status !== 200)
    throw new Error(`verify-email answered ${verified.status}: ${verified.text}`);
  return {
    email,
    password,
    name,
    token: verified.body.token as string,
    verificationMail: mail,
    code: codeIn(mail),
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The newest SMS the development transport recorded for `phone`. */
export function lastSmsCode(sms: LogSmsTransport, phone: string): string {
  const message = [...sms.sent].reverse().find((m) => m.to === phone);
  const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No SMS code sent to ${phone}`);
  return code;
}
