import { LIMITS } from '@vanya/catalog';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

import './crop-dialog.css';

export type CropDialogTexts = {
  heading: string;
  lead: string;
  zoom: string;
  cancel: string;
  save: string;
};

type CropDialogProps = {
  /** An object URL of the chosen image. */
  image: string;
  /** Width over height of the frame: 1 for a square. */
  aspect: number;
  texts: CropDialogTexts;
  onCancel: () => void;
  /** The chosen frame in the image's own pixels, or null when none was chosen yet. */
  onSave: (area: Area | null) => void;
};

/** The crop dialog: drag to position the frame, zoom from 1 to 3, Cancel or Save. */
export function CropDialog({ image, aspect, texts: t, onCancel, onSave }: CropDialogProps) {
  const headingId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(LIMITS.cropZoomMin);
  const [area, setArea] = useState<Area | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    saveButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onCancel]);

  return (
    <div className="crop-dialog" role="presentation">
      <div className="crop-dialog__backdrop" onClick={onCancel} aria-hidden="true" />
      <div
        className="crop-dialog__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
      >
        <h2 className="crop-dialog__heading" id={headingId}>
          {t.heading}
        </h2>
        <p className="crop-dialog__lead">{t.lead}</p>
        <div className="crop-dialog__stage">
          <Cropper
            image={image}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            minZoom={LIMITS.cropZoomMin}
            maxZoom={LIMITS.cropZoomMax}
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        </div>
        <label className="crop-dialog__zoom">
          <span>{t.zoom}</span>
          <input
            type="range"
            min={LIMITS.cropZoomMin}
            max={LIMITS.cropZoomMax}
            step={0.01}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
        </label>
        <div className="crop-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
          <button
            ref={saveButton}
            type="button"
            className="btn btn--primary"
            onClick={() => onSave(area)}
          >
            {t.save}
          </button>
        </div>
      </div>
    </div>
  );
}
