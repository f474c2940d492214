import { spawnSync } from 'node:child_process';

import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { formatINR, getProduct } from '@vanya/catalog';
import sharp from 'sharp';

import { createVerifiedAccount, logIn, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { ensureOwner, OWNER, openOwnerTab } from './support/owner';
import { expectCartCount } from './shop-helpers';

// A product the owner makes, through the browser: in /admin's Products tab the owner adds a body
// butter with its units and a photo, and a hamper holding it, and publishes both. A visitor without
// JavaScript reads the new page (name, price, JSON-LD); a shopper finds it in the shop, buys both
// and gets a GST invoice naming its HSN code and rate. The owner then changes its price: the page
// and the shopper's cart follow, the order keeps the price it was sold at. Hidden, its page
// answers 404. The test archives what it made, whatever happens, for the suites after it.

const SOAP = getProduct('TanGoneSoap')!;
const PRICE = 45_000;
const NEW_PRICE = 39_900;
const HAMPER_PRICE = 79_900;
const SALE_PRICE = 34_900;

/** India's wall clock `offsetMinutes` from now, as a datetime-local field takes it. */
function indiaClock(offsetMinutes: number): string {
  return new Date(Date.now() + (330 + offsetMinutes) * 60_000).toISOString().slice(0, 16);
}

/** A photo as a phone takes one: 1200 x 900, a rose-coloured gradient, as a JPEG. */
async function photo(name: string) {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 200 + Math.round((55 * x) / width);
      pixels[i + 1] = 90 + Math.round((60 * y) / height);
      pixels[i + 2] = 120;
    }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The page as a visitor without JavaScript gets it: the HTML the API rendered. */
async function withoutScript(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status(), close: () => context.close() };
}

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  if (run.error) throw run.error;
  return run.stdout.toString('utf8');
}

/** Archives what the test made, through the API as the owner (the clean-up, not the journey). */
async function archive(request: APIRequestContext, ids: string[]) {
  const login = await request.post('/api/auth/login', {
    data: { email: OWNER.email, password: OWNER.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/admin/products', { headers })).json()) as {
    id: string;
  }[];
  for (const product of list.filter((p) => ids.includes(p.id))) {
    const { id, ...rest } = product as Record<string, unknown> & { id: string };
    const edit = Object.fromEntries(
      [
        'name',
        'description',
        'longdescription',
        'category',
        'size',
        'ingredients',
        'benefits',
        'howToUseDescription',
        'howToUseVideo',
        'images',
        'hsn',
        'gstRate',
        'contents',
        'relatedProductIds',
        'featured',
        'isNew',
        'mrp',
        'sale',
      ].map((key) => [key, rest[key]]),
    );
    await request.put(`/api/admin/products/${id}`, {
      headers,
      data: { ...edit, price: rest.regularPrice, sale: null, status: 'archived' },
    });
  }
}

/** Waits until an image has loaded and drawn (a broken or missing file never does). */
async function expectDrawn(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** Adds a photo in the product's form: chosen, cropped square, uploaded. */
async function addPhoto(page: Page, form: Locator, name: string) {
  await form.getByLabel('Add a photo').setInputFiles(await photo(name));
  const crop = page.getByRole('dialog');
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText('Photo added')).toBeVisible();
  await expectDrawn(form.getByRole('group', { name: 'Photos' }).getByRole('img').last());
}

/** Opens "Add a product", fills what every product needs and adds it as a draft. */
async function addProduct(
  page: Page,
  products: Locator,
  fields: { name: string; category: string; size: string; price: number; mrp: number },
  more: (form: Locator) => Promise<void>,
) {
  await products.getByRole('button', { name: 'Add a product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(fields.name);
  await form.getByRole('combobox', { name: 'Category' }).selectOption(fields.category);
  await form.getByRole('textbox', { name: 'Short description' }).fill(`${fields.name}: a gift.`);
  await form
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill(`${fields.name}, made by hand in small batches in Latur.`);
  await form.getByRole('textbox', { name: 'Net quantity' }).fill(fields.size);
  await form
    .getByRole('textbox', { name: 'Price (₹)', exact: true })
    .fill(String(fields.price / 100));
  await form.getByRole('textbox', { name: 'MRP (₹)' }).fill(String(fields.mrp / 100));
  await more(form);
  await form.getByRole('button', { name: 'Add product' }).click();
  await expect(
    products.getByRole('status').filter({ hasText: `${fields.name} added as a draft.` }),
  ).toBeVisible();
  return page.getByRole('form', { name: `Edit ${fields.name}` });
}

/** Publishes the product whose form is open, and waits for the save. */
async function publish(form: Locator, products: Locator, name: string) {
  await form.getByRole('combobox', { name: 'Status' }).selectOption('Published');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(products.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner adds a product with a photo and a hamper holding it; a shopper buys them and the invoice names its HSN and rate', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  test.slow();
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const butter = { name: `Rose Glow Butter ${tag}`, id: `rose-glow-butter-${tag}` };
  const hamper = { name: `Rose Gift Box ${tag}`, id: `rose-gift-box-${tag}` };
  allowConsoleError(
    new RegExp(`status of 404 \\(Not Found\\) \\(http://[^)]*/products/${butter.id}\\)`),
  );
  try {
    await logIn(page, await ensureOwner(request, mailbox));
    await page.goto('/admin');
    await openOwnerTab(page, 'Products');
    const products = page.getByRole('region', { name: 'Products' });

    await test.step('add a body butter with its units and a photo, and publish it', async () => {
      const form = await addProduct(
        page,
        products,
        { name: butter.name, category: 'Body Butter', size: '200g', price: PRICE, mrp: 60_000 },
        async (newForm) => {
          await newForm
            .getByRole('textbox', { name: 'Ingredients' })
            .fill('Rose Otto\nShea Butter\nKokum Butter');
          await newForm
            .getByRole('combobox', { name: 'Tax class' })
            .selectOption('Skin care: HSN 3304, GST 18%');
          await newForm.getByRole('textbox', { name: 'Units in stock' }).fill('25');
          await screenshot('owner-product-new');
        },
      );
      await addPhoto(page, form, 'rose-butter.jpg');
      await screenshot('owner-product-photo');
      await publish(form, products, butter.name);
    });

    await test.step('add a hamper of the butter and two soaps, with a photo, and publish it', async () => {
      const form = await addProduct(
        page,
        products,
        { name: hamper.name, category: 'Hamper', size: '500g', price: HAMPER_PRICE, mrp: 99_900 },
        async (newForm) => {
          await newForm.getByRole('textbox', { name: `Units of ${butter.name}` }).fill('1');
          await newForm.getByRole('textbox', { name: `Units of ${SOAP.name}` }).fill('2');
        },
      );
      await addPhoto(page, form, 'rose-box.jpg');
      await publish(form, products, hamper.name);
    });

    await test.step('a visitor without JavaScript reads the new page', async () => {
      const plain = await withoutScript(browser, baseURL!, `/products/${butter.id}`);
      expect(plain.status).toBe(200);
      await expect(plain.page.getByRole('heading', { level: 1, name: butter.name })).toBeVisible();
      await expect(plain.page.getByText(formatINR(PRICE)).first()).toBeVisible();
      const ld = JSON.parse(
        (await plain.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as { name: string; image: string[]; offers: { price: string } };
      expect(ld).toMatchObject({ name: butter.name, offers: { price: (PRICE / 100).toFixed(2) } });
      await plain.close();
    });

    const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const shopper = await shopperContext.newPage();
    const account = await createVerifiedAccount(request, mailbox, 'rose', 'Asha Patil');

    await test.step('a shopper finds both in the shop and buys them', async () => {
      await quietStart(shopper);
      await logIn(shopper, account);
      await shopper.goto('/products');
      await shopper.getByRole('link', { name: butter.name }).first().click();
      await expect(shopper.getByRole('heading', { level: 1, name: butter.name })).toBeVisible();
      await expectDrawn(shopper.getByRole('img', { name: new RegExp(butter.name) }).first());
      await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectCartCount(shopper, 1);
      await shopper.goto(`/products/${hamper.id}`);
      await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectCartCount(shopper, 2);
      await shopper.goto('/cart');
      await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await shopper.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
      await shopper.getByRole('textbox', { name: 'PIN code' }).fill('413512');
      await expect(shopper.getByRole('textbox', { name: 'City' })).toHaveValue('Latur');
      await shopper.getByRole('textbox', { name: 'Complete address' }).fill('14 Ambajogai Road');
      await shopper.getByRole('button', { name: 'Continue to Payment' }).click();
      const dialog = shopper.getByRole('dialog', { name: 'Test payment' });
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await expect(
        shopper.getByRole('heading', { level: 1, name: 'Thank You For Your Order!' }),
      ).toBeVisible();
    });

    await test.step('the invoice names the products with their HSN code and rate', async () => {
      await shopper.goto('/profile?tab=invoices');
      const row = shopper
        .getByRole('listitem')
        .filter({ hasText: formatINR(PRICE + HAMPER_PRICE) });
      const opened = shopper.waitForEvent('popup');
      await row.first().getByRole('button', { name: 'Download' }).click();
      const popup = await opened;
      const pdf = await request.get(popup.url());
      expect(pdf.status()).toBe(200);
      const text = pdfText(await pdf.body());
      // Each line (its name may wrap after a word): its HSN code, then its unit price and, within Maharashtra, CGST and SGST at
      // half of its 18% each.
      const line = (name: string, price: number) =>
        new RegExp(
          `${name}( \\S+)?\\s+3304\\s+1 NOS\\s+${formatINR(price)}\\s+₹[\\d,.]+\\s+9%\\s+₹[\\d,.]+\\s+9%`,
        );
      expect(text).toMatch(line('Rose Glow Butter', PRICE));
      expect(text).toMatch(line('Rose Gift Box', HAMPER_PRICE));
      expect(text).toContain(formatINR(PRICE + HAMPER_PRICE));
      await popup.close();
    });

    await test.step('a new price: the page and the cart follow, the order keeps what it was sold at', async () => {
      await shopper.goto(`/products/${butter.id}`);
      await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectCartCount(shopper, 1);
      const row = products.getByRole('listitem').filter({ hasText: butter.name });
      await row.getByRole('button', { name: `Edit ${butter.name}` }).click();
      const form = page.getByRole('form', { name: `Edit ${butter.name}` });
      await form
        .getByRole('textbox', { name: 'Price (₹)', exact: true })
        .fill(String(NEW_PRICE / 100));
      await form.getByRole('button', { name: 'Save product' }).click();
      await expect(row).toContainText(`${formatINR(NEW_PRICE)} · MRP`);
      await shopper.goto('/cart');
      await expect(shopper.getByText(formatINR(NEW_PRICE)).first()).toBeVisible();

      // A sale from a minute or two ahead, the shop keeps the price until then (the turn at
      // the minute is the API's test, on a clock it holds).
      await row.getByRole('button', { name: `Edit ${butter.name}` }).click();
      await form.getByRole('textbox', { name: 'Sale price (₹)' }).fill(String(SALE_PRICE / 100));
      await form.getByLabel('Sale starts (India time)').fill(indiaClock(2));
      await form.getByLabel('Sale ends (India time)').fill(indiaClock(90));
      await form.getByRole('button', { name: 'Save product' }).click();
      await expect(row).toContainText(`Sale ${formatINR(SALE_PRICE)} from`);
      await expect(row).not.toContainText('On sale now');
      await shopper.goto(`/products/${butter.id}`);
      await expect(shopper.getByText(formatINR(NEW_PRICE)).first()).toBeVisible();
      await shopper.goto('/profile?tab=orders');
      await expect(
        shopper
          .getByRole('listitem')
          .filter({ hasText: formatINR(PRICE + HAMPER_PRICE) })
          .first(),
      ).toBeVisible();
    });

    await test.step('hidden, its page answers 404 and it leaves the shop', async () => {
      const row = products.getByRole('listitem').filter({ hasText: butter.name });
      await row.getByRole('button', { name: `Edit ${butter.name}` }).click();
      const form = page.getByRole('form', { name: `Edit ${butter.name}` });
      await form.getByRole('combobox', { name: 'Status' }).selectOption('Hidden');
      await form.getByRole('button', { name: 'Save product' }).click();
      await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
      const gone = await withoutScript(browser, baseURL!, `/products/${butter.id}`);
      expect(gone.status).toBe(404);
      await gone.close();
      const sitemap = await request.get('/sitemap.xml');
      expect(await sitemap.text()).not.toContain(`/products/${butter.id}`);
      await shopper.goto('/cart');
      await expect(shopper.getByText('No longer sold').first()).toBeVisible();
    });
    await shopperContext.close();
  } finally {
    await archive(request, [butter.id, hamper.id]);
  }
});
