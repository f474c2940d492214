import type { Product } from '@vanya/catalog';
import { useState } from 'react';

import { MuteButton, VideoPlayer } from '../../../components/media/video-player';
import { CATALOG_TEXTS as T } from '../texts';

/** 'How to Use': the steps, and a video that plays while at least half of it is on screen. */
export function HowToUse({ product }: { product: Product }) {
  const [muted, setMuted] = useState(true);
  return (
    <section className="how-to" aria-labelledby="how-to-heading">
      <h2 id="how-to-heading">{T.howToUse}</h2>
      <ol className="how-to__steps">
        {product.howToUseDescription.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {product.howToUseVideo ? (
        <VideoPlayer
          className="how-to__video"
          src={product.howToUseVideo}
          muted={muted}
          playThreshold={0.5}
          label={`How to use ${product.name}`}
          onClick={() => setMuted((value) => !value)}
        >
          <MuteButton
            className="how-to__mute"
            muted={muted}
            label={`How to use ${product.name}`}
            onClick={() => setMuted((value) => !value)}
          />
        </VideoPlayer>
      ) : null}
    </section>
  );
}
