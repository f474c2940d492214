import { PRODUCT_PHOTOS_MAX, type AdminProduct } from '@vanya/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Area } from 'react-easy-crop';

import { CropDialog } from '../../../components/media/crop-dialog';
import { imageSources } from '../../../components/media/image-sources';
import { getErrorMessage } from '../../../lib/api-client';
import { cropToJpeg } from '../../../lib/crop-image';
import { useUploadProductPhoto } from '../api/admin-product-photos-api';
import { PRODUCT_PHOTO_TEXTS as T } from '../photo-texts';
import './product-photos.css';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

type Upload =
  | { state: 'idle' }
  | { state: 'uploading' }
  | { state: 'added' }
  | { state: 'failed'; message: string };

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}

/** `images` with the photo at `from` moved to `to`. */
function moved(images: readonly string[], from: number, to: number): string[] {
  const next = [...images];
  const [photo] = next.splice(from, 1);
  next.splice(to, 0, photo!);
  return next;
}

type ProductPhotosProps = {
  /** The product whose photos these are: its id for the upload, its name for the pictures' text. */
  product: AdminProduct;
  /** The photos in the order the form holds now (saved with the form's Save). */
  images: readonly string[];
  /** A new order: moved, removed, or a photo added at the end. */
  onImagesChange: (images: string[]) => void;
  /** The server's answer to an added photo (already saved there). */
  onUploaded?: (product: AdminProduct) => void;
};

/**
 * The product's photos in order, the first the main one, each with buttons to move it earlier or
 * later and to remove it (the form saves the order), and "Add a photo": choose, crop square, upload.
 */
export function ProductPhotos({ product, images, onImagesChange, onUploaded }: ProductPhotosProps) {
  const hintId = useId();
  const upload = useUploadProductPhoto();
  const [status, setStatus] = useState<Upload>({ state: 'idle' });
  // The chosen file, as an object URL, while the crop dialog is open.
  const [chosen, setChosen] = useState<string | null>(null);
  // The order as it is when an upload ends (the owner may move photos while it runs).
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  const open = useRef<string | null>(null);
  useEffect(() => {
    open.current = chosen;
  }, [chosen]);
  useEffect(() => () => revoke(open.current), []);

  const full = images.length >= PRODUCT_PHOTOS_MAX;
  const cannotAdd = full || status.state === 'uploading';

  const onChoose = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setStatus({ state: 'failed', message: T.notAnImage });
      return;
    }
    setStatus({ state: 'idle' });
    setChosen(URL.createObjectURL(file));
  };

  // Stable, so the dialog keeps its focus while the form around it draws again.
  const onCancel = useCallback(
    () =>
      setChosen((current) => {
        revoke(current);
        return null;
      }),
    [],
  );

  const onCrop = async (source: string, area: Area | null) => {
    // The dialog closes whether or not the photo can be added.
    setChosen(null);
    if (!area) {
      revoke(source);
      setStatus({ state: 'failed', message: T.noArea });
      return;
    }
    setStatus({ state: 'uploading' });
    try {
      const answer = await upload.mutateAsync({
        id: product.id,
        photo: await cropToJpeg(source, area),
      });
      const added = answer.images.at(-1);
      if (added) onImagesChange([...latest.current, added]);
      onUploaded?.(answer);
      setStatus({ state: 'added' });
    } catch (error) {
      setStatus({ state: 'failed', message: getErrorMessage(error, T.failed) });
    } finally {
      revoke(source);
    }
  };

  return (
    <fieldset className="product-photos" aria-describedby={hintId}>
      <legend>{T.legend}</legend>
      <p className="admin-row__meta" id={hintId}>
        {T.hint}
      </p>
      <ol className="product-photos__list">
        {images.map((src, index) => (
          <PhotoItem
            key={`${src}#${index}`}
            src={src}
            index={index}
            count={images.length}
            name={product.name}
            onMove={(to) => onImagesChange(moved(images, index, to))}
            onRemove={() => onImagesChange(images.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <div className="product-photos__add">
        <label className={`btn btn--ghost btn--sm${cannotAdd ? ' is-disabled' : ''}`}>
          {T.add}
          <input
            type="file"
            className="visually-hidden"
            accept={ACCEPTED.join(',')}
            disabled={cannotAdd}
            onChange={(event) => {
              onChoose(event.target.files?.[0]);
              // The same file may be chosen again after a cancel.
              event.target.value = '';
            }}
          />
        </label>
        <UploadStatus status={full && status.state === 'idle' ? null : status} full={full} />
      </div>
      {chosen
        ? createPortal(
            <CropDialog
              image={chosen}
              aspect={1}
              texts={T.crop}
              onCancel={onCancel}
              onSave={(area) => void onCrop(chosen, area)}
            />,
            document.body,
          )
        : null}
    </fieldset>
  );
}

/** What became of the last upload, beside the button; the limit when the product is full. */
function UploadStatus({ status, full }: { status: Upload | null; full: boolean }) {
  if (status?.state === 'failed')
    return (
      <p className="form-error product-photos__status" role="alert">
        {status.message}
      </p>
    );
  const words =
    status?.state === 'uploading'
      ? T.uploading
      : status?.state === 'added'
        ? T.added
        : full
          ? T.full
          : '';
  return (
    <p
      className={`product-photos__status${status?.state === 'added' ? ' admin-done' : ''}`}
      role="status"
    >
      {words}
    </p>
  );
}

function PhotoItem({
  src,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  src: string;
  index: number;
  count: number;
  name: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="product-photos__item">
      <img
        className="product-photos__thumb"
        src={src}
        srcSet={imageSources(src)?.webp}
        sizes="10rem"
        alt={T.alt(name, n)}
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
      />
      <span className={`product-photos__label${index === 0 ? ' is-main' : ''}`}>
        {index === 0 ? T.main : T.number(n)}
      </span>
      <div className="product-photos__actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={T.moveEarlier(n)}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          {T.earlier}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={T.moveLater(n)}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          {T.later}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={T.removeNumber(n)}
          title={count === 1 ? T.onlyOne : undefined}
          disabled={count === 1}
          onClick={onRemove}
        >
          {T.remove}
        </button>
      </div>
    </li>
  );
}
