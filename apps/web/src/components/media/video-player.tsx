import { SHOP_MESSAGES } from '@vanya/contracts';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { useInView } from './use-in-view';
import './video-player.css';

type VideoPlayerProps = {
  src: string;
  /** Still shown before it plays; by default the .webp next to the video (made with it). */
  poster?: string;
  /** Muted state, owned by the caller (videos start muted; a click toggles it). */
  muted: boolean;
  /**
   * Play while at least this share of the video is on screen (0.5: half visible, 1: all of it),
   * pause otherwise. Visitors who ask for less motion start it themselves.
   */
  playThreshold?: number;
  /** Whether it may play at all (a reel scrolled away on a phone is paused). */
  active?: boolean;
  loop?: boolean;
  className?: string;
  /** Describes the video for people who cannot see it. */
  label: string;
  onClick?: (event: MouseEvent<HTMLVideoElement>) => void;
  /** Tells the caller whether playing with sound was refused (autoplay rules). */
  onSoundBlocked?: () => void;
  children?: ReactNode;
};

function play(video: HTMLVideoElement): Promise<void> {
  try {
    return Promise.resolve(video.play()).then(() => undefined);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * A short looping video (no controls: the site's own buttons act on it). When it cannot play, it
 * says so with the shop's fallback text.
 */
export function VideoPlayer({
  src,
  poster = src.replace(/\.mp4$/, '.webp'),
  muted,
  playThreshold = 0.25,
  active = true,
  loop = true,
  className,
  label,
  onClick,
  onSoundBlocked,
  children,
}: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const inView = useInView(ref, playThreshold);
  const reducedMotion = useReducedMotion();
  const [startedByUser, setStartedByUser] = useState(false);
  const [failed, setFailed] = useState(false);
  const shouldPlay = active && inView && (!reducedMotion || startedByUser);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = ref.current;
    if (!video || failed) return;
    if (!shouldPlay) {
      if (!video.paused) video.pause();
      return;
    }
    play(video).catch(() => {
      // Browsers refuse to start a video with sound before the visitor has interacted with the
      // page: play it muted and let the caller show its 'Tap to unmute' hint.
      if (!video.muted) {
        video.muted = true;
        onSoundBlocked?.();
        play(video).catch(() => undefined);
      }
    });
  }, [shouldPlay, failed, onSoundBlocked]);

  if (failed) {
    return (
      <div className={`video-fallback ${className ?? ''}`} role="img" aria-label={label}>
        {poster ? <img className="video-fallback__poster" src={poster} alt="" /> : null}
        <p className="video-fallback__text">{SHOP_MESSAGES.videoUnsupported}</p>
      </div>
    );
  }

  return (
    <div className={`video-player ${className ?? ''}`}>
      <video
        ref={ref}
        className="video-player__video"
        poster={poster}
        muted
        loop={loop}
        playsInline
        preload="none"
        aria-label={label}
        onClick={onClick}
        onError={() => setFailed(true)}
      >
        <source src={src} type="video/mp4" onError={() => setFailed(true)} />
        {SHOP_MESSAGES.videoUnsupported}
      </video>
      {reducedMotion && !startedByUser ? (
        <button
          type="button"
          className="video-player__play"
          onClick={() => setStartedByUser(true)}
          aria-label={`Play video: ${label}`}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** The small sound button drawn on a video. */
export function MuteButton({
  muted,
  onClick,
  className,
  label,
}: {
  muted: boolean;
  onClick: () => void;
  className?: string;
  label: string;
}) {
  return (
    <button
      type="button"
      className={`mute-button ${className ?? ''}`}
      aria-pressed={!muted}
      aria-label={`Sound: ${label}`}
      onClick={onClick}
    >
      {muted ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
          <path
            d="M16 9.5l5 5m0-5l-5 5"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
          <path
            d="M15.5 9a4.5 4.5 0 0 1 0 6M18 6.5a8 8 0 0 1 0 11"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      )}
    </button>
  );
}
