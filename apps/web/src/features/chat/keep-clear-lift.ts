/** A box in viewport pixels (the shape of a DOMRect, so one can be passed as it is). */
export type Box = { left: number; top: number; right: number; bottom: number };

/** Space kept between the launcher and what it clears. */
export const KEEP_CLEAR_GAP = 12;

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * How far (px) the launcher, at rest in `base`, moves up so that it overlaps none of `obstacles`
 * with `gap` to spare: above the highest of those in its way, again while the new place meets
 * another. Never so far that its top passes `minTop` (under the header it would be out of reach).
 */
export function keepClearLift(
  base: Box,
  obstacles: readonly Box[],
  { gap = KEEP_CLEAR_GAP, minTop = 0 }: { gap?: number; minTop?: number } = {},
): number {
  let lift = 0;
  for (let round = 0; round <= obstacles.length; round += 1) {
    const zone = {
      left: base.left - gap,
      right: base.right + gap,
      top: base.top - lift - gap,
      bottom: base.bottom - lift + gap,
    };
    const inTheWay = obstacles.filter((box) => box.bottom > box.top && overlaps(zone, box));
    if (inTheWay.length === 0) break;
    const highest = Math.min(...inTheWay.map((box) => box.top));
    lift = base.bottom - highest + gap;
  }
  return Math.max(0, Math.min(lift, base.top - minTop));
}
