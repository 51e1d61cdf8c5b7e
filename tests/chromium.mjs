// Debian's Chromium and the flags every headless run here needs (Playwright, Lighthouse, screenshots):
// no sandbox as root, and no background networking on a machine without internet.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}
