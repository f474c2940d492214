import { describe, expect, it } from 'vitest';

import { keepClearLift } from './keep-clear-lift';

// A 390 x 844 phone: the 56 px launcher rests 16 px from the right and the bottom.
const launcher = { left: 318, right: 374, top: 772, bottom: 828 };

describe('keepClearLift', () => {
  it('leaves the launcher where it is when nothing is in its way', () => {
    expect(keepClearLift(launcher, [{ left: 12, right: 200, top: 700, bottom: 832 }])).toBe(0);
    expect(keepClearLift(launcher, [])).toBe(0);
  });

  it('lifts it above a bar along the bottom, with the gap to spare', () => {
    const banner = { left: 12, right: 378, top: 560, bottom: 832 };
    const lift = keepClearLift(launcher, [banner], { gap: 12 });
    expect(launcher.bottom - lift).toBe(banner.top - 12);
  });

  it('lifts it above a full-width button that has scrolled to where it rests', () => {
    const button = { left: 16, right: 374, top: 790, bottom: 842 };
    expect(launcher.bottom - keepClearLift(launcher, [button], { gap: 12 })).toBe(778);
  });

  it('clears something it meets on the way up as well', () => {
    const banner = { left: 12, right: 378, top: 700, bottom: 832 };
    const button = { left: 16, right: 374, top: 630, bottom: 682 };
    const lift = keepClearLift(launcher, [banner, button], { gap: 12 });
    expect(launcher.bottom - lift).toBe(button.top - 12);
  });

  it('counts the gap: something just beside it is in its way, something further is not', () => {
    expect(keepClearLift(launcher, [{ left: 376, right: 390, top: 700, bottom: 844 }])).toBe(
      launcher.bottom - 700 + 12,
    );
    expect(keepClearLift(launcher, [{ left: 0, right: 300, top: 700, bottom: 844 }])).toBe(0);
  });

  it('never lifts it above the header', () => {
    const tall = { left: 0, right: 390, top: 40, bottom: 844 };
    expect(launcher.top - keepClearLift(launcher, [tall], { minTop: 84 })).toBe(84);
  });
});
