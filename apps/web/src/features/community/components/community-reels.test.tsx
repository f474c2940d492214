import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { COMMUNITY_TEXTS } from '../texts';
import { CommunityReels } from './community-reels';

// A controllable IntersectionObserver: tests say how much of each element is on screen.
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];

class FakeIntersectionObserver {
  callback: IntersectionObserverCallback;
  elements: Element[] = [];
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    observers.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function setVisible(element: Element, ratio: number) {
  for (const observer of observers) {
    if (!observer.elements.includes(element)) continue;
    observer.callback(
      [
        {
          target: element,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        } as IntersectionObserverEntry,
      ],
      observer as unknown as IntersectionObserver,
    );
  }
}

const played: HTMLMediaElement[] = [];
const pausedVideos: HTMLMediaElement[] = [];

const reels = () => [...document.querySelectorAll<HTMLElement>('.reel')];
const videoOf = (reel: HTMLElement) => reel.querySelector('video') as HTMLVideoElement;

describe('the community reels', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    played.length = 0;
    pausedVideos.length = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      played.push(this);
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      pausedVideos.push(this);
      Object.defineProperty(this, 'paused', { value: true, configurable: true });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a computer, play muted with Tap to unmute; a click unmutes that reel and mutes the others', () => {
    render(<CommunityReels />);
    act(() => reels().forEach((reel) => setVisible(reel.querySelector('video') as Element, 1)));
    expect(screen.getAllByRole('button', { name: /Tap to unmute/ })).toHaveLength(4);
    expect(reels().every((reel) => videoOf(reel).muted)).toBe(true);

    fireEvent.click(
      screen.getByRole('button', { name: `Tap to unmute: ${COMMUNITY_TEXTS.reels[1].label}` }),
    );
    expect(reels().map((reel) => videoOf(reel).muted)).toEqual([true, false, true, true]);
    expect(screen.getAllByRole('button', { name: /Tap to unmute/ })).toHaveLength(3);

    fireEvent.click(videoOf(reels()[3] as HTMLElement));
    expect(reels().map((reel) => videoOf(reel).muted)).toEqual([true, true, true, false]);
  });

  it('on a phone, only the fully visible reel plays, with sound; the others are paused and muted', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    render(<CommunityReels />);
    const [first, second] = reels() as [HTMLElement, HTMLElement];
    act(() => {
      for (const reel of reels()) setVisible(videoOf(reel), 0.5);
      setVisible(first, 1);
      setVisible(videoOf(first), 1);
    });
    expect(videoOf(first).muted).toBe(false);
    expect(videoOf(second).muted).toBe(true);
    expect(played).toContain(videoOf(first));
    expect(played).not.toContain(videoOf(second));

    // Swiping on: the second reel is now the fully visible one.
    act(() => {
      setVisible(first, 0.4);
      setVisible(second, 1);
      setVisible(videoOf(second), 1);
    });
    expect(videoOf(second).muted).toBe(false);
    expect(videoOf(first).muted).toBe(true);
    expect(pausedVideos).toContain(videoOf(first));
    expect(played).toContain(videoOf(second));
  });
});
