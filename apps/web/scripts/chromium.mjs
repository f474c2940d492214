// Debian's Chromium as the browser tests and the performance budget start it: headless, without
// the sandbox, the GPU, QUIC or any of the background traffic a first run would make.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
