/**
 * Which Chromium the tests drive, and with what flags — in the browser lane (vitest.config.ts) and
 * the end-to-end lane (chromium.ts).
 *
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`): the same Blink and V8 as
 * its Chromium, built without the browser's windows — what Playwright itself runs headless tests
 * on. The whole browser, headless, is still the whole browser: each window preloads the address
 * bar's popups, there is a profile, a sync service, a component updater. On the same console and
 * hostile-page files it took 108 CPU-seconds where the shell takes 82, on 2 cores.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Debian's whole Chromium (`apt-get install -y chromium`), for what only it does: ask the visitor
 * for the microphone and be refused (test/e2e/microphone.test.ts). The shell asks no one, and
 * reports a refused microphone as a missing one.
 */
export const CHROMIUM_BROWSER_PATH = process.env.CHROMIUM_BROWSER_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
