import sharp from 'sharp';
import { AppError } from '../../platform/errors/app-error';

const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Decoding an uploaded image takes memory in proportion to its pixels (a 40-megapixel PNG is
 * 120 MB decoded): twelve at once took the API to half a gigabyte. So images are decoded one at a
 * time, in arrival order, and an upload that finds the queue full is refused at once (503 with
 * Retry-After) rather than held in memory. Every decode of uploaded images goes through
 * `imageWork` (avatars; ticket attachments may join it).
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }) {
  let active = 0;
  let peakActive = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    active -= 1;
    queue.shift()?.();
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= options.concurrency) {
        if (queue.length >= options.maxWaiting)
          throw new AppError(
            503,
            'SERVER_BUSY',
            'Many images are being processed right now. Please try again in a few seconds.',
            { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
            { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
          );
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      active += 1;
      peakActive = Math.max(peakActive, active);
      try {
        return await task();
      } finally {
        release();
      }
    },
    // Tasks running now, waiting now, and the most that ever ran at once (for tests).
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get peakActive() {
      return peakActive;
    },
  };
}

// libvips keeps recently used images and operations in a cache (up to 50 MB by default) for
// pipelines that read the same input again; ours never do.
sharp.cache(false);

export const imageWork = createWorkQueue({ concurrency: 1, maxWaiting: 16 });
