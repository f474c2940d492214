// The mark for what the floating support chat must not cover: a bar fixed to the viewport (the
// cookie banner), a page's primary action (the cart's, checkout's and sign-in forms' buttons) or
// controls the launcher would sit on where a page opens (the catalogue's filters and sort).
// Features spread KEEP_CLEAR on such an element; the chat widget (features/chat) looks the marked
// elements up and lifts itself above whichever is in its way.
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear';

export const KEEP_CLEAR = { [KEEP_CLEAR_ATTRIBUTE]: 'true' } as const;
