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
function ownerApi(onWrite: (request: MockRequest) => MockReply) {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    switch (request.url) {
      case '/auth/me':
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      case '/admin/products':
        return { status: 200, data: [BUTTER, SOAP] };
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
    await user.click(within(form).getByRole('checkbox', { name: T.shown }));
    await user.click(within(form).getByRole('button', { name: T.save }));

    expect(await screen.findByText(T.saved(BUTTER.name))).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/products/Bodybutter');
    expect(put?.body).toEqual({
      name: 'Kokum Body Butter',
      description: BUTTER.description,
      longdescription: BUTTER.longdescription,
      size: BUTTER.size,
      benefits: ['Soft skin', 'Smells of kokum'],
      howToUseDescription: BUTTER.howToUseDescription,
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
});
