import { SHOP_MESSAGES } from '@vanya/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { VideoPlayer } from './video-player';

describe('VideoPlayer', () => {
  it('starts muted, and says so when the video cannot play', () => {
    const { container } = render(
      <VideoPlayer src="/media/videos/missing.mp4" muted label="Reel" />,
    );
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video).toHaveTextContent(SHOP_MESSAGES.videoUnsupported);
    fireEvent.error(container.querySelector('source') as HTMLSourceElement);
    expect(screen.getByText(SHOP_MESSAGES.videoUnsupported)).toBeVisible();
    expect(container.querySelector('video')).toBeNull();
  });
});
