import type { Page, TestInfo } from '@playwright/test';

import { dismissToasts } from './support/accounts';
import { expect } from './support/fixtures';

// Helpers of the storefront's browser tests (shop*.spec.ts).

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

/** Follows a main navigation link: in the menu on a phone, in the bar on a wide screen. */
export async function navigate(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  }
}

/**
 * Readies a page for a full-page screenshot: scrolls through it so that content rendered on
 * approach (sections below the first screen, lazy pictures) is there, waits for the pictures to be
 * decoded, closes the toasts and goes back to the top.
 */
export async function settle(page: Page): Promise<void> {
  await dismissToasts(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    // Lets the sections near this point render before moving on.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.loading === 'lazy'),
  );
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  );
  // Entry animations (the not-found page's, a toast's) have run their course.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getComputedTiming().iterations === Infinity ||
          animation.playState !== 'running',
      ),
  );
}

/** The total quantity the navbar's cart badge announces. */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect(
    page.getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` }),
  ).toBeVisible();
}
