import { STARTER_CATALOGUE } from '@vanya/catalog';
import { PRODUCT_PHOTO_MESSAGES, type AdminProduct } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { PRODUCT_PHOTO_TEXTS as T } from '../photo-texts';
import { ProductPhotos } from './product-photos';

// jsdom loads no pictures and draws no canvas: the cropper reports the whole square at once, and
// the crop gives a small JPEG-typed blob. Everything else (the upload, its answer) is the real code.
vi.mock('react-easy-crop', () => ({
  default: function Cropper({
    onCropComplete,
  }: {
    onCropComplete: (a: object, b: object) => void;
  }) {
    // Once, as the real cropper does when the picture has loaded.
    const [reported, setReported] = useState(false);
    useEffect(() => {
      if (reported) return;
      const area = { x: 0, y: 0, width: 900, height: 900 };
      onCropComplete(area, area);
      setReported(true);
    }, [onCropComplete, reported]);
    return <div data-testid="cropper" />;
  },
}));
vi.mock('../../../lib/crop-image', () => ({
  cropToJpeg: async () => new Blob(['jpeg'], { type: 'image/jpeg' }),
}));

const { inStock: _s, ...soapFields } = STARTER_CATALOGUE.get('TanGoneSoap')!;
const SOAP: AdminProduct = {
  ...soapFields,
  images: ['/media/products/a.webp', '/media/products/b.webp', '/media/products/c.webp'],
  ingredients: [...soapFields.ingredients],
  benefits: [...soapFields.benefits],
  relatedProductIds: [...soapFields.relatedProductIds],
  howToUseDescription: [...soapFields.howToUseDescription],
  contents: [],
  regularPrice: soapFields.price,
  sale: null,
  status: 'published',
  updatedAt: '2026-10-19T06:30:00.000Z',
};
const NEW_PHOTO = '/uploads/products/0123456789abcdef0123.webp';

/** The photos as the product form holds them: its own order, changed by what the part reports. */
function renderPhotos(images: string[] = SOAP.images) {
  const onImagesChange = vi.fn();
  const onUploaded = vi.fn();
  function Form() {
    const [order, setOrder] = useState(images);
    return (
      <ProductPhotos
        product={SOAP}
        images={order}
        onImagesChange={(next) => {
          onImagesChange(next);
          setOrder(next);
        }}
        onUploaded={onUploaded}
      />
    );
  }
  renderRoute('/', [{ path: '/', element: <Form /> }]);
  return { onImagesChange, onUploaded };
}

function ownerApi(onUpload: () => MockReply) {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  return mockApi((request) =>
    request.method === 'POST' ? onUpload() : { status: 404, data: { code: 'NOT_FOUND' } },
  );
}

const photoFile = () => new File(['png'], 'soap.png', { type: 'image/png' });
const items = () => screen.getAllByRole('listitem');
/** The photos' part of the form (the page has the toaster's alert and status regions too). */
const part = () => screen.getByRole('group', { name: T.legend });

describe('the owner’s product photos', () => {
  it('shows the photos in order, the first as the main one, with buttons naming each', () => {
    renderPhotos();
    expect(items()).toHaveLength(3);
    expect(within(items()[0]!).getByText(T.main)).toBeInTheDocument();
    expect(within(items()[1]!).getByText('Photo 2')).toBeInTheDocument();
    expect(within(items()[1]!).getByRole('img')).toHaveAccessibleName(`${SOAP.name}, photo 2`);
    expect(within(items()[1]!).getByRole('img')).toHaveAttribute(
      'srcset',
      '/media/products/b-480.webp 480w, /media/products/b.webp 960w',
    );
    expect(screen.getByRole('button', { name: 'Move photo 2 earlier' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move photo 2 later' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove photo 2' })).toBeEnabled();
    // The first cannot go earlier, nor the last later.
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
  });

  it('moves and removes photos by reporting the new order, and nothing else', async () => {
    const user = userEvent.setup();
    const requests = ownerApi(() => ({ status: 500 }));
    const { onImagesChange, onUploaded } = renderPhotos();
    const [a, b, c] = SOAP.images;

    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(onImagesChange).toHaveBeenLastCalledWith([b, a, c]);
    expect(within(items()[0]!).getByRole('img')).toHaveAttribute('src', b);
    expect(within(items()[0]!).getByText(T.main)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(onImagesChange).toHaveBeenLastCalledWith([a, b, c]);

    await user.click(screen.getByRole('button', { name: 'Move photo 2 later' }));
    expect(onImagesChange).toHaveBeenLastCalledWith([a, c, b]);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(onImagesChange).toHaveBeenLastCalledWith([c, b]);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(onImagesChange).toHaveBeenLastCalledWith([c]);
    // The last photo stays: a product always shows one.
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toBeDisabled();

    expect(onImagesChange).toHaveBeenCalledTimes(5);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });

  it('crops a chosen photo square, uploads it, and adds the server’s photo at the end', async () => {
    const user = userEvent.setup();
    const answer = { ...SOAP, images: [...SOAP.images, NEW_PHOTO] };
    const requests = ownerApi(() => ({ status: 200, data: answer }));
    const { onImagesChange, onUploaded } = renderPhotos();

    await user.upload(screen.getByLabelText(T.add), photoFile());
    const dialog = screen.getByRole('dialog', { name: T.crop.heading });
    await user.click(within(dialog).getByRole('button', { name: T.crop.save }));

    expect(await screen.findByText(T.added)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/admin/products/TanGoneSoap/photos',
    });
    const sent = (requests[0]!.body as FormData).get('photo') as File;
    expect([sent.name, sent.type]).toEqual(['photo.jpg', 'image/jpeg']);
    expect(onUploaded).toHaveBeenCalledWith(answer);
    expect(onImagesChange).toHaveBeenLastCalledWith([...SOAP.images, NEW_PHOTO]);
    expect(within(items()[3]!).getByRole('img')).toHaveAttribute('src', NEW_PHOTO);
  });

  it('says why an upload was refused, in the server’s words, and keeps the photos', async () => {
    const user = userEvent.setup();
    ownerApi(() => ({
      status: 409,
      data: {
        code: 'TOO_MANY_PHOTOS',
        msg: PRODUCT_PHOTO_MESSAGES.tooMany,
        message: PRODUCT_PHOTO_MESSAGES.tooMany,
      },
    }));
    const { onImagesChange, onUploaded } = renderPhotos();
    await user.upload(screen.getByLabelText(T.add), photoFile());
    await user.click(screen.getByRole('button', { name: T.crop.save }));
    expect(await within(part()).findByRole('alert')).toHaveTextContent(
      PRODUCT_PHOTO_MESSAGES.tooMany,
    );
    expect(onImagesChange).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a photo before any crop, and closes the crop on Cancel', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const requests = ownerApi(() => ({ status: 500 }));
    renderPhotos();
    await user.upload(
      screen.getByLabelText(T.add),
      new File(['words'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(within(part()).getByRole('alert')).toHaveTextContent(T.notAnImage);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText(T.add), photoFile());
    await user.click(screen.getByRole('button', { name: T.crop.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('offers no upload once the product has its 8 photos', () => {
    renderPhotos(Array.from({ length: 8 }, (_, i) => `/media/products/p${i}.webp`));
    expect(screen.getByLabelText(T.add)).toBeDisabled();
    expect(within(part()).getByRole('status')).toHaveTextContent(T.full);
  });
});
