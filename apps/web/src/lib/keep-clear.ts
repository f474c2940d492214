// Marks for what the floating support chat must not cover. Features spread these on elements; the
// chat widget (features/chat) looks them up and lifts its launcher above whichever is in its way.
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear';

export type KeepClearKind = 'bar' | 'action';

export const KEEP_CLEAR = {
  /** A bar fixed to the viewport (the cookie banner): the chat, open or closed, sits above it. */
  bar: { [KEEP_CLEAR_ATTRIBUTE]: 'bar' },
  /** A page's primary action (the cart's and checkout's buttons): the closed launcher moves above it. */
  action: { [KEEP_CLEAR_ATTRIBUTE]: 'action' },
} as const satisfies Record<KeepClearKind, Record<string, KeepClearKind>>;
