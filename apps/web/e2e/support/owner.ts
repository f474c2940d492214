import type { APIRequestContext, Page } from '@playwright/test';

import { PASSWORD, type Account } from './accounts';
import { expect, linkIn, type Mailbox } from './fixtures';

// The shop owner of the browser tests: the global setup lists this address in the API's
// OWNER_EMAILS, so the account a spec signs up (and verifies) with it may open /admin.
export const OWNER_EMAIL = 'owner@vanya-e2e.example.com';

export const OWNER: Account = { name: 'Meera Deshmukh', email: OWNER_EMAIL, password: PASSWORD };

/** Signs the owner's address up and verifies it, once per run (the database lives for the run). */
export async function ensureOwner(request: APIRequestContext, mailbox: Mailbox): Promise<Account> {
  // Registering an address already taken looks like success (no one learns who has an account),
  // so a login tells whether an earlier test has signed the owner up.
  const login = await request.post('/api/auth/login', {
    data: { email: OWNER.email, password: OWNER.password },
  });
  if (login.status() === 200) return OWNER;
  const registered = await request.post('/api/auth/register', { data: OWNER });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await mailbox.waitFor(OWNER.email, /Confirm your email/);
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return OWNER;
}

/**
 * Opens a section of the owner area as the owner would at this width: a tab of the row on a wide
 * screen, the "Section" menu on a phone.
 */
export async function openOwnerTab(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('combobox', { name: 'Section' });
  const tabs = page.getByRole('navigation', { name: 'Owner area' });
  // Asked before the owner area has drawn, isVisible() would say "no menu" on a phone too.
  await expect(menu.or(tabs)).toBeVisible();
  if (await menu.isVisible()) {
    await menu.selectOption({ label: name });
    await expect(menu).toHaveValue(/.+/);
    await expect(menu.locator('option:checked')).toHaveText(name);
    return;
  }
  const tab = tabs.getByRole('button', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}
