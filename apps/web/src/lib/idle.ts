type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Calls `callback` once the page has finished loading (the `load` event) and the browser then has
 * an idle moment (or `timeout` ms have passed, whichever comes first): for work the first screen
 * does not need. Returns a function that cancels the call if it has not happened yet.
 */
export function whenIdleAfterLoad(callback: () => void, timeout = 2000): () => void {
  const idleWindow = window as IdleWindow;
  let idle: number | undefined;
  let timer: number | undefined;
  const whenIdle = () => {
    if (idleWindow.requestIdleCallback)
      idle = idleWindow.requestIdleCallback(callback, { timeout });
    else timer = window.setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) idleWindow.cancelIdleCallback?.(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
