import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

import {
  createVerifiedAccount,
  dismissToasts,
  logIn,
  quietStart,
  waitOutSplash,
} from './support/accounts';
import { expect, test } from './support/fixtures';

// The support chat's launcher floats in the bottom-right corner. On a phone it must not hide
// behind the cookie banner, nor sit on the cart's, checkout's or a sign-in form's button, nor on
// the catalogue's filters and sort, nor on the footer's last lines at the end of a page; it moves
// up out of the way and stays clickable.

type Box = { x: number; y: number; width: number; height: number };

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

function overlap(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inViewport(page: Page, box: Box | null): boolean {
  const size = page.viewportSize();
  return Boolean(box && size && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height);
}

/**
 * Waits until the launcher has come to rest (it moves with a short transition) clear of `other`:
 * two readings in a row alike and apart.
 */
async function expectClearOf(launcher: Locator, other: Locator) {
  let previous = '';
  await expect
    .poll(async () => {
      const boxes = [await launcher.boundingBox(), await other.boundingBox()];
      const reading = JSON.stringify(boxes);
      const settled = reading === previous;
      previous = reading;
      return settled ? overlap(boxes[0] ?? null, boxes[1] ?? null) : 'moving';
    })
    .toBe(false);
}

/**
 * Scrolls `button` (labelled `name`) to `block` of the screen and waits until the launcher is clear
 * of it and on screen; both can then be pressed where a finger would: the button at its right end.
 */
async function expectButtonClear(
  page: Page,
  launcher: Locator,
  button: Locator,
  name: string,
  block: 'end' | 'center',
) {
  await button.evaluate(
    (element, where) => element.scrollIntoView({ block: where, behavior: 'instant' }),
    block,
  );
  await expectClearOf(launcher, button);
  expect(inViewport(page, await launcher.boundingBox())).toBe(true);
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
    { x: box.x + box.width - 8, y: box.y + box.height / 2 },
  );
  expect(hit).toContain(name);
}

/** What a visitor sees right now (not the full page), for looking at the corner. */
async function viewportShot(page: Page, project: string, name: string) {
  await page.screenshot({ path: path.join(SHOTS, project, `${name}.png`) });
}

/**
 * Opens the chat from the launcher and closes it again: proof it can be reached. The button stays
 * where it was pressed (as the close button).
 */
async function expectReachable(page: Page, launcher: Locator) {
  const before = await launcher.boundingBox();
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Vanya support' });
  await expect(chat).toBeVisible();
  const close = page.getByRole('button', { name: 'Close chat' }).last();
  // (Within the 2 px it rises under a hovering pointer.)
  await expect
    .poll(async () => Math.abs(((await close.boundingBox())?.y ?? 0) - (before?.y ?? 0)))
    .toBeLessThanOrEqual(2);
  await page.getByRole('button', { name: 'Close chat' }).last().click();
  await expect(chat).toBeHidden();
}

test('the launcher sits above the cookie banner, stays clickable, and comes back down after', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(banner).toBeVisible();
  await expect(launcher).toBeVisible();
  await expectClearOf(launcher, banner);
  expect(inViewport(page, await launcher.boundingBox())).toBe(true);
  await viewportShot(page, testInfo.project.name, 'chat-launcher-with-banner');

  // Open, the chat's window keeps clear of the banner too.
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Vanya support' });
  await expect(chat).toBeVisible();
  await expectClearOf(chat, banner);
  await chat.getByRole('textbox', { name: 'Your message' }).fill('Hello');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Hello');
  await viewportShot(page, testInfo.project.name, 'chat-open-with-banner');
  await page.getByRole('button', { name: 'Close chat' }).last().click();

  // The banner answered, the launcher returns to its corner.
  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      const box = await launcher.boundingBox();
      return box && viewport ? Math.round(viewport.height - (box.y + box.height)) : -1;
    })
    .toBe(16);
});

test('the launcher moves out of the way of the cart’s and checkout’s buttons', async ({
  page,
  request,
  mailbox,
}, testInfo) => {
  await quietStart(page);
  const account = await createVerifiedAccount(request, mailbox, 'launcher');
  await logIn(page, account);
  await page.goto('/products/Bodybutter');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const launcher = page.getByRole('button', { name: 'Chat with us' });

  for (const [path, name] of [
    ['/cart', 'Proceed to Checkout'],
    ['/checkout', 'Continue to Payment'],
  ] as const) {
    if (path === '/checkout') {
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
    }
    const button = page.getByRole('button', { name });
    // The toasts ('Item added to cart', 'Welcome back') are not what is being looked at, and the
    // smooth scroll to the top that follows every route change has ended.
    await dismissToasts(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The hardest place: the button's bottom edge at the bottom of the screen, under the corner.
    for (const block of ['end', 'center'] as const) {
      await expectButtonClear(page, launcher, button, name, block);
      if (block === 'end') {
        await viewportShot(page, testInfo.project.name, `chat-launcher-${path.slice(1)}`);
      }
    }
    await expectReachable(page, launcher);
  }
});

test('at the end of a page the launcher leaves the footer readable', async ({ page }, testInfo) => {
  await quietStart(page);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/^© \d{4}/)).toBeInViewport();

  // Every link and line of text in the footer that is on screen is clear of the launcher.
  const launcherBox = await launcher.boundingBox();
  const covered = await footer.evaluate((element, corner) => {
    if (!corner) return ['no launcher'];
    const hits: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const meets =
          rect.left < corner.x + corner.width &&
          corner.x < rect.right &&
          rect.top < corner.y + corner.height &&
          corner.y < rect.bottom;
        if (meets) hits.push(node.textContent.trim());
      }
    }
    for (const control of element.querySelectorAll('a, button')) {
      const rect = control.getBoundingClientRect();
      if (
        rect.left < corner.x + corner.width &&
        corner.x < rect.right &&
        rect.top < corner.y + corner.height &&
        corner.y < rect.bottom
      ) {
        hits.push(control.getAttribute('aria-label') ?? control.textContent ?? '');
      }
    }
    return hits;
  }, launcherBox);
  expect(covered).toEqual([]);
  await viewportShot(page, testInfo.project.name, 'chat-launcher-footer');
  await expectReachable(page, launcher);
});

test('the launcher keeps clear of a sign-in form’s button', async ({ page }, testInfo) => {
  await quietStart(page);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  for (const [path, name] of [
    ['/signup', 'Sign Up'],
    ['/login', 'Login'],
  ] as const) {
    await page.goto(path);
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    await expect(launcher).toBeVisible();
    // At the bottom of the screen, under the corner (the hardest place), and in the middle.
    for (const block of ['end', 'center'] as const) {
      await expectButtonClear(page, launcher, button, name, block);
      if (block === 'end') {
        await viewportShot(page, testInfo.project.name, `chat-launcher-${path.slice(1)}`);
      }
    }
  }
});

test('the launcher keeps clear of the catalogue’s filters and sort', async ({ page }, testInfo) => {
  await quietStart(page);
  await page.goto('/products');
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  const filters = page.getByRole('group', { name: 'Filter by category' });
  const sort = page.getByLabel('Sort by');
  await expect(sort).toBeVisible();
  await expect(launcher).toBeVisible();
  // As the page opens (on a phone the toolbar is then at the bottom of the screen), and with the
  // sort at the very bottom, under the corner.
  for (const scrolled of [false, true]) {
    if (scrolled)
      await sort.evaluate((element) =>
        element.scrollIntoView({ block: 'end', behavior: 'instant' }),
      );
    await expectClearOf(launcher, sort);
    await expectClearOf(launcher, filters);
    expect(inViewport(page, await launcher.boundingBox())).toBe(true);
    if (!scrolled) await viewportShot(page, testInfo.project.name, 'chat-launcher-products');
  }
  // The sort still works where a finger would press it, and the launcher can be reached.
  await sort.selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/sort=/);
  await expectReachable(page, launcher);
});
