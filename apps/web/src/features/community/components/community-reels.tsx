import { useCallback, useEffect, useRef, useState } from 'react';

import { MuteButton, VideoPlayer } from '../../../components/media/video-player';
import { useInView } from '../../../components/media/use-in-view';
import { isMobileDevice } from '../is-mobile-device';
import { COMMUNITY_TEXTS as T } from '../texts';

type Reel = (typeof T.reels)[number];

/**
 * The four reels. On a computer they all play muted; clicking one
 * unmutes it and mutes the others, and 'Tap to unmute' shows on a muted reel. On a phone or tablet
 * only the reel that is fully on screen plays, with sound; the others are paused and muted.
 */
export function CommunityReels() {
  const [mobile] = useState(() => isMobileDevice());
  const [unmuted, setUnmuted] = useState<number | null>(null);
  const [visible, setVisible] = useState<number | null>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);

  const onFullyVisible = useCallback((index: number, fully: boolean) => {
    setVisible((current) => (fully ? index : current === index ? null : current));
  }, []);

  return (
    <ul className={mobile ? 'reels reels--mobile' : 'reels'}>
      {T.reels.map((reel, index) => {
        const active = mobile ? visible === index : true;
        const muted = mobile ? !active || soundBlocked : unmuted !== index;
        return (
          <li key={reel.src}>
            <ReelCard
              reel={reel}
              index={index}
              active={active}
              muted={muted}
              onFullyVisible={onFullyVisible}
              onSoundBlocked={() => setSoundBlocked(true)}
              onToggleSound={() => {
                if (mobile) setSoundBlocked((blocked) => !blocked);
                else setUnmuted((current) => (current === index ? null : index));
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}

function ReelCard({
  reel,
  index,
  active,
  muted,
  onFullyVisible,
  onSoundBlocked,
  onToggleSound,
}: {
  reel: Reel;
  index: number;
  active: boolean;
  muted: boolean;
  onFullyVisible: (index: number, fully: boolean) => void;
  onSoundBlocked: () => void;
  onToggleSound: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const fully = useInView(ref, 1);
  useEffect(() => onFullyVisible(index, fully), [fully, index, onFullyVisible]);

  return (
    <div ref={ref} className="reel">
      <VideoPlayer
        className="reel__video"
        src={reel.src}
        muted={muted}
        active={active}
        label={reel.label}
        onClick={onToggleSound}
        onSoundBlocked={onSoundBlocked}
      >
        {muted ? (
          <button type="button" className="reel__hint" onClick={onToggleSound}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
              <path
                d="M16 9.5l5 5m0-5l-5 5"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            {T.tapToUnmute}
            <span className="visually-hidden">: {reel.label}</span>
          </button>
        ) : (
          <MuteButton
            className="reel__mute"
            muted={false}
            label={reel.label}
            onClick={onToggleSound}
          />
        )}
      </VideoPlayer>
    </div>
  );
}
