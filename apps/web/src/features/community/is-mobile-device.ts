/** Phones and tablets, told apart by the user agent. */
export function isMobileDevice(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i.test(userAgent);
}
