import { STARTER_CATALOGUE } from '@vanya/catalog';
import type { AdminProduct } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply, type MockRequest } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { PRODUCT_ADMIN_TEXTS as T } from '../product-texts';
import { ADMIN_TEXTS } from '../texts';

const { inStock: _b, ...butterFields } = STARTER_CATALOGUE.get('Bodybutter')!;
const { inStock: _s, ...soapFields } = STARTER_CATALOGUE.get('TanGoneSoap')!;
const BUTTER: AdminProduct = {
  ...butterFields,
  images: [...butterFields.images],
  ingredients: [...butterFields.ingredients],
  benefits: [...butterFields.benefits],
  relatedProductIds: [...butterFields.relatedProductIds],
  howToUseDescription: [...butterFields.howToUseDescription],
  contents: [],
  regularPrice: butterFields.price,
  sale: null,
  status: 'published',
  updatedAt: '2026-10-19T06:30:00.000Z',
};
const SOAP: AdminProduct = {
  ...BUTTER,
  ...soapFields,
  images: [...soapFields.images],
  ingredients: [...soapFields.ingredients],
  benefits: [...soapFields.benefits],
  relatedProductIds: [...soapFields.relatedProductIds],
  howToUseDescription: [...soapFields.howToUseDescription],
  contents: [],
  price: 14_900,
  regularPrice: soapFields.price,
  sale: {
    price: 14_900,
    startsAt: '2026-10-19T18:30:00.000Z',
    endsAt: '2026-11-05T18:29:00.000Z',
  },
  status: 'hidden',
};

/** The owner's API: the products; writes answered by `onWrite`. */
function ownerApi(onWrite: (request: MockRequest) => MockReply, list = [BUTTER, SOAP]) {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    switch (request.url) {
      case '/auth/me':
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      case '/admin/products':
        return { status: 200, data: list };
      case '/products':
        return { status: 200, data: [] };
      default:
        return { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } };
    }
  });
}

const row = (name: string) =>
  screen.getByText(name, { selector: '.admin-row__title' }).closest('li')!;

describe('the owner’s products', () => {
  it('lists each product with its price, MRP, sale and whether it is shown', async () => {
    ownerApi(() => ({ status: 200 }));
    renderRoute('/admin?tab=products');
    await screen.findByRole('region', { name: ADMIN_TEXTS.tabs.products });
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    const butter = row(BUTTER.name);
    expect(butter).toHaveTextContent('₹349.00 · MRP ₹799.00');
    expect(within(butter).getByText(T.status.published)).toBeInTheDocument();
    const soap = row(SOAP.name);
    expect(soap).toHaveTextContent(T.onSaleNow);
    expect(soap).toHaveTextContent('₹149.00 now');
    expect(soap).toHaveTextContent('Sale ₹149.00 from 20 Oct 2026');
    expect(within(soap).getByText(T.status.hidden)).toBeInTheDocument();
  });

  it('sends a change in paise with the sale’s times in India, and says so in the row', async () => {
    const user = userEvent.setup();
    const requests = ownerApi((request) => ({
      status: 200,
      data: { ...BUTTER, name: (request.body as { name: string }).name },
    }));
    renderRoute('/admin?tab=products');
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    await user.click(screen.getByRole('button', { name: `${T.edit} ${BUTTER.name}` }));
    const form = screen.getByRole('form', { name: T.formEdit(BUTTER.name) });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.clear(field(T.name));
    await user.type(field(T.name), 'Kokum Body Butter');
    await user.clear(field(T.price));
    await user.type(field(T.price), '329.50');
    await user.clear(field(T.benefits));
    await user.type(field(T.benefits), 'Soft skin{Enter}{Enter}  Smells of kokum  ');
    await user.click(within(form).getByRole('checkbox', { name: T.isNew }));
    await user.type(field(T.salePrice), '299');
    await user.type(within(form).getByLabelText(T.saleStarts), '2026-10-20T00:00');
    await user.type(within(form).getByLabelText(T.saleEnds), '2026-11-05T23:59');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: T.statusLabel }),
      T.status.hidden,
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: T.taxClass }),
      T.taxClasses.soap,
    );
    await user.click(within(form).getByRole('checkbox', { name: SOAP.name }));
    await user.click(within(form).getByRole('button', { name: T.save }));

    expect(await screen.findByText(T.saved('Kokum Body Butter'))).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/products/Bodybutter');
    expect(put?.body).toEqual({
      name: 'Kokum Body Butter',
      description: BUTTER.description,
      longdescription: BUTTER.longdescription,
      category: 'body butter',
      size: BUTTER.size,
      ingredients: BUTTER.ingredients,
      benefits: ['Soft skin', 'Smells of kokum'],
      howToUseDescription: BUTTER.howToUseDescription,
      howToUseVideo: BUTTER.howToUseVideo,
      images: BUTTER.images,
      hsn: '3401',
      gstRate: 5,
      contents: [],
      relatedProductIds: BUTTER.relatedProductIds.filter((id) => id !== 'TanGoneSoap'),
      featured: BUTTER.featured,
      isNew: !BUTTER.isNew,
      price: 32_950,
      mrp: 79_900,
      sale: {
        price: 29_900,
        startsAt: '2026-10-20T00:00:00+05:30',
        endsAt: '2026-11-05T23:59:00+05:30',
      },
      status: 'hidden',
    });
  });

  it('explains each wrong field before sending anything', async () => {
    const user = userEvent.setup();
    const requests = ownerApi(() => ({ status: 200, data: BUTTER }));
    renderRoute('/admin?tab=products');
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    await user.click(screen.getByRole('button', { name: `${T.edit} ${BUTTER.name}` }));
    const form = screen.getByRole('form', { name: T.formEdit(BUTTER.name) });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.clear(field(T.name));
    await user.clear(field(T.price));
    await user.type(field(T.price), '900');
    await user.type(field(T.salePrice), 'a lot');
    await user.click(within(form).getByRole('button', { name: T.save }));
    expect(field(T.name)).toHaveAccessibleDescription('Enter the product’s name');
    expect(field(T.salePrice)).toHaveAccessibleDescription(`${T.saleHint} ${T.rupeesError}`);
    expect(within(form).getByLabelText(T.saleStarts)).toHaveAccessibleDescription(
      T.saleDatesNeeded,
    );

    await user.type(field(T.name), 'Body Butter');
    await user.clear(field(T.salePrice));
    await user.click(within(form).getByRole('button', { name: T.save }));
    expect(field(T.name)).toHaveAccessibleDescription('');
    expect(field(T.price)).toHaveAccessibleDescription(
      `${T.priceHint} The price cannot be above the MRP`,
    );
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('adds a product: its address from the name, its units, a draft; then opens it for photos', async () => {
    const user = userEvent.setup();
    const made: AdminProduct = {
      ...BUTTER,
      id: 'rose-body-butter',
      name: 'Rose Body Butter',
      status: 'draft',
    };
    const list = [BUTTER, SOAP];
    const requests = ownerApi(() => {
      list.push(made);
      return { status: 201, data: made };
    }, list);
    renderRoute('/admin?tab=products');
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    await user.click(screen.getByRole('button', { name: T.add }));
    const form = screen.getByRole('form', { name: T.formNew });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.type(field(T.name), 'Rose Body Butter');
    expect(field(`${T.id} (optional)`)).toHaveAccessibleDescription(T.idHint(''));
    await user.type(field(T.description), 'Rose and shea.');
    await user.type(field(T.longdescription), 'A butter of rose and shea.');
    await user.type(field(T.size), '200g');
    await user.type(field(T.ingredients), 'Rose Otto{Enter}Shea Butter');
    await user.type(field(T.price), '450');
    await user.type(field(T.mrp), '600');
    await user.type(field(T.openingStock), '12');
    await user.click(within(form).getByRole('button', { name: T.create }));

    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/admin/products');
    expect(post?.body).toMatchObject({
      id: 'rose-body-butter',
      name: 'Rose Body Butter',
      category: 'body butter',
      ingredients: ['Rose Otto', 'Shea Butter'],
      hsn: '3304',
      gstRate: 18,
      price: 45_000,
      mrp: 60_000,
      status: 'draft',
      openingStock: 12,
      images: [],
    });
    expect(await screen.findByText(T.created('Rose Body Butter'))).toHaveRole('status');
    expect(screen.getByRole('form', { name: T.formEdit('Rose Body Butter') })).toBeInTheDocument();
  });

  it('a bundle names what it holds, by units of each single product', async () => {
    const user = userEvent.setup();
    const requests = ownerApi(() => ({ status: 201, data: BUTTER }));
    renderRoute('/admin?tab=products');
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    await user.click(screen.getByRole('button', { name: T.add }));
    const form = screen.getByRole('form', { name: T.formNew });
    await user.selectOptions(within(form).getByRole('combobox', { name: T.category }), 'Hamper');
    expect(within(form).queryByRole('combobox', { name: T.taxClass })).toBeNull();
    expect(within(form).queryByRole('textbox', { name: T.openingStock })).toBeNull();
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.type(field(T.name), 'Rose Gift Box');
    await user.type(field(T.description), 'A gift.');
    await user.type(field(T.longdescription), 'A gift of rose.');
    await user.type(field(T.size), '550g');
    await user.type(field(T.price), '799');
    await user.type(field(T.mrp), '999');
    await user.click(within(form).getByRole('button', { name: T.create }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Add the products this bundle holds');

    await user.type(field(T.quantityOf(BUTTER.name)), '1');
    await user.type(field(T.quantityOf(SOAP.name)), '2');
    await user.click(within(form).getByRole('button', { name: T.create }));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      id: 'rose-gift-box',
      category: 'Hamper',
      contents: [
        { productId: 'Bodybutter', quantity: 1 },
        { productId: 'TanGoneSoap', quantity: 2 },
      ],
      ingredients: [],
      openingStock: 0,
    });
  });

  it('duplicates a product and opens the copy', async () => {
    const user = userEvent.setup();
    const copy = {
      ...BUTTER,
      id: 'Bodybutter-copy',
      name: `${BUTTER.name} (copy)`,
      status: 'draft',
    };
    const requests = ownerApi(() => ({ status: 201, data: copy }));
    renderRoute('/admin?tab=products');
    await screen.findByText(BUTTER.name, { exact: false, selector: '.admin-row__title' });
    await user.click(screen.getByRole('button', { name: `${T.duplicate} ${BUTTER.name}` }));
    expect(requests.find((r) => r.method === 'POST')?.url).toBe(
      '/admin/products/Bodybutter/duplicate',
    );
  });
});
