/**
 * The end-to-end rig checks itself: the flags its Chromium starts with (test/support/chromium-args.ts)
 * keep every feature Playwright disables and leave out the address bar's popups, and the lane's
 * shared Chromium is what a file gets when it asks for no flags of its own.
 */
import { readFileSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../support/chromium-args.ts';
import { launchChromium } from '../support/chromium.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The features disabled on the command line Playwright gave Chromium: the last --disable-features wins. */
async function disabledFeatures(server: BrowserServer): Promise<string[]> {
  const args = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  return args.filter((a) => a.startsWith('--disable-features=')).at(-1)?.slice('--disable-features='.length).split(',') ?? [];
}

describe("the end-to-end lane's Chromium", () => {
  it("keeps every feature Playwright disables (a --disable-features of ours replaces Playwright's)", async () => {
    const plain = await chromium.launchServer({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const playwrights = await disabledFeatures(plain);
      expect(playwrights.length).toBeGreaterThan(0);
      expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
    } finally {
      await plain.close();
    }
    const ours = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
    try {
      expect(await disabledFeatures(ours)).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    } finally {
      await ours.close();
    }
  });

  it('opens no window of its own beside the pages (no address-bar popups)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<title>rig</title><p>Hello</p>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
