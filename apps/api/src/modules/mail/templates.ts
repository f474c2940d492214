import { brand, LIMITS } from '@vanya/catalog';
import type { MailMessage } from './mailer';

type Mail = Omit<MailMessage, 'to'>;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const { forest, beige, sand, ink } = brand.colors;

/** The branded frame every mail shares: inline styles only, since mail clients drop stylesheets. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${beige};font-family:Helvetica,Arial,sans-serif;color:${ink}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${beige};padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid ${sand}">
<tr><td style="background:${forest};padding:20px 28px;color:#ffffff;font-family:Georgia,serif;font-size:22px;letter-spacing:0.5px">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
<tr><td style="padding:18px 28px;background:${beige};font-size:12px;color:#55605a;line-height:1.5">
${escapeHtml(brand.name)} · ${escapeHtml(brand.address.city)}, ${escapeHtml(brand.address.state)} ${escapeHtml(brand.address.pinCode)}<br>
Questions? Write to <a href="mailto:${brand.supportEmail}" style="color:${forest}">${brand.supportEmail}</a>. ${escapeHtml(brand.hashtag)}
</td></tr>
</table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:${forest};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:999px;display:inline-block;font-weight:bold">${escapeHtml(label)}</a></p>`;

const codeBlock = (code: string) =>
  `<p style="font-size:30px;letter-spacing:8px;font-weight:bold;color:${forest};margin:16px 0">${code}</p>`;

const footerText = `\n\n${brand.name} · ${brand.address.city}, ${brand.address.state}\nQuestions? ${brand.supportEmail}`;
const minutes = LIMITS.otpLifetimeMs / 60_000;
const hello = (name: string) => `Hello ${name},`;

export function verificationMail(name: string, link: string, code: string | undefined): Mail {
  const subject = `Confirm your email for ${brand.name}`;
  const codeText = code
    ? `\n\nOr enter this code on the verification page (valid for ${minutes} minutes): ${code}`
    : '';
  const codeHtml = code
    ? `<p>Or enter this code on the verification page (valid for ${minutes} minutes):</p>${codeBlock(code)}`
    : '';
  return {
    subject,
    text: `${hello(name)}\n\nWelcome to ${brand.name}! Confirm your email address by opening this link (valid for 24 hours):\n\n${link}${codeText}\n\nIf you did not sign up, you can ignore this email.${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>Welcome to ${escapeHtml(brand.name)}! Confirm your email address to finish creating your account.</p>
${button(link, 'Verify my email')}
${codeHtml}
<p style="font-size:13px;color:#55605a">The link is valid for 24 hours. If you did not sign up, you can ignore this email.</p>`,
    ),
  };
}

export function accountExistsMail(name: string, loginLink: string, resetLink: string): Mail {
  const subject = `Someone tried to sign up with your email at ${brand.name}`;
  return {
    subject,
    text: `${hello(name)}\n\nSomeone (perhaps you) tried to create a ${brand.name} account with this email address, but you already have one.\n\nLog in: ${loginLink}\nForgot your password? ${resetLink}\n\nIf this was not you, no action is needed: your account is unchanged.${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>Someone (perhaps you) tried to create a ${escapeHtml(brand.name)} account with this email address, but you already have one.</p>
${button(loginLink, 'Log in')}<p>Forgot your password? <a href="${escapeHtml(resetLink)}" style="color:${forest}">Reset it here</a>.</p>
<p style="font-size:13px;color:#55605a">If this was not you, no action is needed: your account is unchanged.</p>`,
    ),
  };
}

export type CodeReason = 'verify_account' | 'login' | 'change_email' | 'two_step';

const CODE_REASONS: Record<CodeReason, { subject: string; line: string }> = {
  verify_account: {
    subject: 'Your verification code',
    line: 'Enter this code to verify your email address',
  },
  login: { subject: 'Your login code', line: 'Enter this code to finish logging in' },
  change_email: {
    subject: 'Confirm your new email address',
    line: 'Enter this code on your profile to confirm this email address',
  },
  two_step: {
    subject: 'Your two-step verification code',
    line: 'Enter this code to change your two-step verification setting',
  },
};

export function codeMail(name: string, code: string, reason: CodeReason): Mail {
  const { subject: what, line } = CODE_REASONS[reason];
  const subject = `${what}: ${code}`;
  return {
    subject,
    text: `${hello(name)}\n\n${line} (valid for ${minutes} minutes):\n\n${code}\n\nIf you did not ask for it, you can ignore this email; nobody can use the code without your password.${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>${escapeHtml(line)} (valid for ${minutes} minutes):</p>${codeBlock(code)}
<p style="font-size:13px;color:#55605a">If you did not ask for it, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMail(name: string, link: string): Mail {
  const subject = `Reset your ${brand.name} password`;
  return {
    subject,
    text: `${hello(name)}\n\nWe received a request to reset your password. Open this link within 1 hour to choose a new one:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this email: your password stays as it is.${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>We received a request to reset your password. Choose a new one within 1 hour:</p>
${button(link, 'Choose a new password')}
<p style="font-size:13px;color:#55605a">The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    ),
  };
}

/** A moment as Indian shoppers read it: '14 August 2025 at 3:30 pm IST'. */
export function formatWhen(at: Date): string {
  const when = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(at);
  return `${when} IST`;
}

const supportLink = `<a href="mailto:${brand.supportEmail}" style="color:${forest}">${brand.supportEmail}</a>`;

export interface PasswordChange {
  at: Date;
  /** 'profile': changed while signed in; 'reset': set through an emailed reset link. */
  how: 'profile' | 'reset';
  /** Where to ask for a reset link if it was not them. */
  resetLink: string;
}

export function passwordChangedMail(name: string, change: PasswordChange): Mail {
  const subject = `Your ${brand.name} password was changed`;
  const when = formatWhen(change.at);
  const how =
    change.how === 'reset'
      ? 'with the password reset link we emailed you'
      : 'from your account’s security settings';
  const what = `The password of your ${brand.name} account was changed on ${when}, ${how}. Every other device signed in to your account was signed out.`;
  const ifYou = 'If this was you, there is nothing more to do.';
  const notYou = `If this was not you, choose a new password now and write to ${brand.supportEmail} (or reply to this email) so we can check your account and its orders. Ask for a reset link here:\n\n${change.resetLink}`;
  return {
    subject,
    text: `${hello(name)}\n\n${what}\n\n${ifYou}\n\n${notYou}${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(ifYou)}</p>
<p><strong>If this was not you</strong>, choose a new password now and write to ${supportLink} (or reply to this email) so we can check your account and its orders.</p>
${button(change.resetLink, 'Reset my password')}`,
    ),
  };
}

export interface EmailChange {
  from: string;
  to: string;
  at: Date;
}

/** To the old address: its account now answers to another one. */
export function emailChangedMail(name: string, change: EmailChange): Mail {
  const subject = `Your ${brand.name} email address was changed`;
  const when = formatWhen(change.at);
  const what = `The email address of your ${brand.name} account was changed on ${when}.`;
  const next =
    'From now on, sign-in codes, password reset links, order updates and invoices go to the new address, and this one can no longer be used to log in.';
  const ifYou = 'If this was you, there is nothing more to do.';
  const notYou = `If this was not you, someone else may know your password. Write to ${brand.supportEmail} right away (or reply to this email): we will lock the account and give it back to this address. A password reset would now be sent to the new address, so please write to us instead.`;
  return {
    subject,
    text: `${hello(name)}\n\n${what}\n\nOld address: ${change.from}\nNew address: ${change.to}\n\n${next}\n\n${ifYou}\n\n${notYou}${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p><p>${escapeHtml(what)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0;font-size:15px">
<tr><td style="padding:4px 16px 4px 0;color:#55605a">Old address</td><td style="padding:4px 0">${escapeHtml(change.from)}</td></tr>
<tr><td style="padding:4px 16px 4px 0;color:#55605a">New address</td><td style="padding:4px 0"><strong>${escapeHtml(change.to)}</strong></td></tr>
</table>
<p>${escapeHtml(next)}</p><p>${escapeHtml(ifYou)}</p>
<p><strong>If this was not you</strong>, someone else may know your password. Write to ${supportLink} right away (or reply to this email): we will lock the account and give it back to this address. A password reset would now be sent to the new address, so please write to us instead.</p>`,
    ),
  };
}

export function waitlistMail(name: string): Mail {
  const subject = `You're on the ${brand.hashtag} waitlist`;
  const lines = [
    `Thank you for joining the ${brand.hashtag} waitlist.`,
    'We will write to you before anyone else when a new batch is ready and when our next community events in Latur and Pune are open.',
  ];
  const notYou = `Not you? Reply to this email or write to ${brand.supportEmail} and we will take this address off the list.`;
  return {
    subject,
    text: `${hello(name)}\n\n${lines.join('\n\n')}\n\n${notYou}${footerText}`,
    html: layout(
      subject,
      `<p>${escapeHtml(hello(name))}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p style="font-size:13px;color:#55605a">Not you? Reply to this email or write to ${supportLink} and we will take this address off the list.</p>`,
    ),
  };
}
