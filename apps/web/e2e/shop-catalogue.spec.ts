import { FREE_SHIPPING_TEXT, getProduct, products } from '@vanya/catalog';
import { CONTACT_MESSAGES, SHOP_MESSAGES } from '@vanya/contracts';

import { quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectCartCount, isPhone, navigate, settle } from './shop-helpers';

// The storefront for any visitor (issue 6): home, catalogue, product pages, the information pages,
// the support chat; against the built app served by the real API.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the home page: hero, hashtag strip, product videos to the real products, feature block and community', async ({
  page,
  screenshot,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Vanya Naturals' })).toBeAttached();
  const hero = page.getByRole('region', { name: 'Featured' });
  await expect(hero.getByRole('heading', { name: 'Beauty rooted in Nature.' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  await expect(hero.getByRole('button', { name: /^Show slide \d of 5/ })).toHaveCount(5);
  await expect(page.locator('.hashtag-strip__item')).toHaveCount(30);

  // The PRODUCTS videos open the catalogue's own products.
  const videos = page.getByRole('region', { name: 'PRODUCTS' });
  await expect(videos.getByRole('link')).toHaveCount(3);
  expect(
    await videos.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(['/products/ExfoliatingScrub', '/products/TanGoneSoap', '/products/Bodybutter']);

  const featured = page.getByRole('region', { name: 'Our bestsellers' });
  for (const product of products.slice(0, 3)) {
    await expect(featured.getByRole('heading', { level: 3, name: product.name })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Made with a community, for a community' }),
  ).toBeVisible();
  await expect(page.getByText('Tap to unmute').first()).toBeVisible();
  await settle(page);
  await screenshot('home');

  // A product video unmutes, then opens its product 200 ms later.
  await videos.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/ExfoliatingScrub$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exfoliating Scrub' })).toBeVisible();
});

test('the catalogue filters and sorts through the address, which survives a reload', async ({
  page,
  screenshot,
}, testInfo) => {
  await page.goto('/');
  await navigate(page, testInfo, 'Products');
  await expect(page).toHaveURL(/\/products$/);
  const grid = page.getByRole('list', { name: 'Our Products' });
  await expect(grid.getByRole('article')).toHaveCount(products.length);

  const butter = grid.getByRole('article').first();
  await expect(butter.getByRole('heading', { name: 'Body Butter' })).toBeVisible();
  await expect(butter.getByText('FEATURED')).toBeVisible();
  await expect(butter.getByText('₹349.00')).toBeVisible();
  await expect(butter.locator('s', { hasText: '₹799.00' })).toBeVisible();
  await expect(butter.getByText('Save ₹450, 56.0% off')).toBeVisible();
  await settle(page);
  await screenshot('products');

  await page
    .getByRole('group', { name: 'Filter by category' })
    .getByRole('button', { name: 'Hamper' })
    .click();
  await expect(page).toHaveURL(/\/products\?category=Hamper$/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-high');
  await expect(page).toHaveURL(/\/products\?category=Hamper&sort=price-high$/);
  const names = () => grid.getByRole('heading', { level: 2 }).allTextContents();
  await expect.poll(names).toEqual(['Festive Hamper', 'Luxe Hamper', 'Hamper']);

  await page.reload();
  await expect.poll(names).toEqual(['Festive Hamper', 'Luxe Hamper', 'Hamper']);
  await expect(page.getByRole('button', { name: 'Hamper', pressed: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
  await expect.poll(names).toEqual(['Festive Hamper', 'Hamper', 'Luxe Hamper']);
  await page.getByRole('button', { name: 'Explore Collection' }).click();
  await expect(page).toHaveURL(/\/products\?sort=name$/);
  await expect(grid.getByRole('article')).toHaveCount(products.length);
});

test('a category with no products says so and offers them all', async ({ page, screenshot }) => {
  await page.goto('/products?category=lipstick');
  await expect(page.getByText(SHOP_MESSAGES.noProductsInCategory)).toBeVisible();
  await screenshot('products-empty');
  await page.getByRole('button', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('list', { name: 'Our Products' }).getByRole('article')).toHaveCount(
    products.length,
  );
});

test('a product page: details, quantity, Add to Cart stays, How to Use video plays when half visible', async ({
  page,
  screenshot,
}) => {
  // A visitor whose system allows motion: the video plays by itself (with reduced motion it waits).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const product = getProduct('Bodybutter');
  await page.goto('/products/Bodybutter');
  await expect(page.getByRole('heading', { level: 1, name: 'Body Butter' })).toBeVisible();
  await expect(page).toHaveTitle('Body Butter | Vanya Naturals');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    product?.description ?? '',
  );
  await expect(page.getByText('Rated 4.7 out of 5')).toBeAttached();
  await expect(page.getByText(FREE_SHIPPING_TEXT)).toBeVisible();

  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Body Butter' });
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText(SHOP_MESSAGES.itemAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/products\/Bodybutter$/);
  await expectCartCount(page, 2);

  const howTo = page.getByRole('region', { name: 'How to Use' });
  await howTo.scrollIntoViewIfNeeded();
  const video = howTo.locator('video');
  await video.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => !element.paused && element.readyState >= 2),
    )
    .toBe(true);
  await settle(page);
  await screenshot('product-body-butter');
});

test('a bundle shows You May Also Like; an unknown product id answers 404 and goes back to the list', async ({
  page,
  screenshot,
  allowConsoleError,
}) => {
  // The browser logs the 404 the API answers for a product it does not sell.
  allowConsoleError(/status of 404 \(Not Found\) \(http:\/\/[^)]*\/products\/5\)/);
  await page.goto('/products/MagicSkinDuo');
  const related = page.getByRole('region', { name: 'You May Also Like' });
  await expect(related.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'How to Use' })).toHaveCount(0);
  await settle(page);
  await screenshot('product-magic-skin-duo');

  const unknown = await page.goto('/products/5');
  expect(unknown?.status()).toBe(404);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
});

test('the support chat greets and answers a delivery question a second later', async ({
  page,
  screenshot,
}) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const chat = page.getByRole('dialog', { name: 'Vanya support' });
  await expect(chat.getByRole('log')).toContainText(
    'Ask me about our products, delivery or returns.',
  );
  await chat
    .getByRole('textbox', { name: 'Your message' })
    .fill('When will my order be delivered?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('When will my order be delivered?');
  await expect(chat.getByRole('log')).toContainText(FREE_SHIPPING_TEXT);
  await expect(chat.getByRole('log')).toContainText('3-5 business days after dispatch');
  await screenshot('chat');
});

test('the information pages: about with its carousel, community, return policy and not found', async ({
  page,
  screenshot,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page.getByText('Beauty rooted in Nature.')).toBeVisible();
  for (const value of [
    'Natural Ingredients',
    'Ethical Practices',
    'Environmental Responsibility',
  ]) {
    await expect(page.getByRole('heading', { name: value })).toBeVisible();
  }
  const gallery = page.getByRole('region', { name: 'Inside the workshop' });
  const dots = gallery.getByRole('button', { name: /^Show image \d of 3$/ });
  await expect(dots).toHaveCount(3);
  await dots.nth(2).click();
  await expect(gallery.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(gallery.getByText('Soap bars curing for six weeks')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/community');
  await settle(page);
  await screenshot('about');

  await page.goto('/community');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Join the #BeVanya community' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Join the Waitlist' })).toBeVisible();
  await settle(page);
  await screenshot('community');
  // On /community itself, 'Join' goes back up to the waitlist.
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto('/return-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Return Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our 30-day promise' })).toBeVisible();
  await settle(page);
  await screenshot('return-policy');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await settle(page);
  await screenshot('not-found');
});

test('the contact form sends a message, says so and clears itself', async ({
  page,
  screenshot,
}, testInfo) => {
  await page.goto('/');
  if (isPhone(testInfo)) {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  } else {
    await navigate(page, testInfo, 'Contact');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Map:/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.message)).toBeVisible();

  await page.getByRole('textbox', { name: 'Your name' }).fill('Asha Patil');
  await page.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
  await page.getByRole('combobox', { name: 'Subject' }).selectOption('wholesale');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Do you supply hampers for a wedding of 200 guests?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.sent)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
  await settle(page);
  await screenshot('contact');
});
