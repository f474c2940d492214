import { useState } from 'react';

import { MuteButton, VideoPlayer } from '../../../components/media/video-player';
import { HOME_TEXTS as T } from '../texts';

/** Full-screen looping video; a click (or the sound button) toggles its sound. */
export function BenefitVideo() {
  const [muted, setMuted] = useState(true);
  const toggle = () => setMuted((value) => !value);
  return (
    <section className="benefit" aria-labelledby="benefit-heading">
      <VideoPlayer
        className="benefit__video"
        src="/media/videos/benefit.mp4"
        muted={muted}
        label={T.benefitVideoLabel}
        onClick={toggle}
      />
      <div className="container benefit__content">
        <p className="eyebrow benefit__eyebrow">{T.benefitEyebrow}</p>
        <h2 id="benefit-heading" className="benefit__heading">
          {T.benefitHeading}
        </h2>
        <ul className="benefit__points">
          {T.benefitPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
      <MuteButton
        className="benefit__mute"
        muted={muted}
        label={T.benefitVideoLabel}
        onClick={toggle}
      />
    </section>
  );
}
