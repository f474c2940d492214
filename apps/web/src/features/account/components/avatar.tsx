import { useState } from 'react';

import { Spinner } from '../../../components/ui/spinner';
import { resolveApiUrl } from '../../../lib/api-client';
import { ACCOUNT_TEXTS } from '../texts';
import { initialsOf } from '../utils/initials';

export const DEFAULT_AVATAR = '/default-avatar.png';
const SIZE_PX = 80;

type AvatarProps = {
  name: string;
  /** The stored avatar: a path under /uploads/, a URL, or '' for none. */
  src: string;
  /** Opens the image picker. */
  onChoose: () => void;
  onRemove: () => void;
  /** Shows the spinner overlay (uploading or removing) and says what is happening. */
  busy?: string | null;
};

/**
 * The round 80 px avatar: the picture, or the initials when there is none (the default picture
 * when the name gives no initials or the picture cannot be loaded). Clicking it changes it; the
 * small red × removes it.
 */
export function Avatar({ name, src, onChoose, onRemove, busy }: AvatarProps) {
  const t = ACCOUNT_TEXTS.avatar;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const initials = initialsOf(name);
  const loadable = Boolean(src) && brokenSrc !== src;
  const image = loadable ? resolveApiUrl(src) : !src && initials ? null : DEFAULT_AVATAR;

  return (
    <div className="avatar" style={{ width: SIZE_PX, height: SIZE_PX }} aria-busy={Boolean(busy)}>
      <button
        type="button"
        className="avatar__button"
        title={t.title}
        aria-label={t.change}
        onClick={onChoose}
        disabled={Boolean(busy)}
      >
        {image ? (
          <img
            className="avatar__image"
            src={image}
            alt={t.alt(name)}
            onError={loadable ? () => setBrokenSrc(src) : undefined}
          />
        ) : (
          <span className="avatar__initials" aria-hidden="true">
            {initials}
          </span>
        )}
      </button>
      {src && !busy ? (
        <button
          type="button"
          className="avatar__remove"
          aria-label={t.remove}
          title={t.remove}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      {busy ? (
        <span className="avatar__overlay" role="status">
          <Spinner size={24} />
          <span className="visually-hidden">{busy}</span>
        </span>
      ) : null}
    </div>
  );
}
