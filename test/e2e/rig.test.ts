/**
 * The end-to-end rig checks itself: its Chromium is Debian's headless shell, of the same version as
 * Debian's whole Chromium (the same engine: test/support/chromium-args.ts), with no window of the
 * browser's own beside the pages; and the lane's shared Chromium is what a file gets when it asks
 * for no flags of its own.
 */
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';

describe("the end-to-end lane's Chromium", () => {
  it("is the headless shell of Debian's Chromium, the same version", async () => {
    const shared = await launchChromium();
    const whole = await launchChromium([], undefined, { whole: true });
    try {
      expect(shared.version()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(shared.version()).toBe(whole.version());
      const page = await shared.newPage();
      expect(await page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome/');
    } finally {
      await whole.close();
      await shared.close();
    }
  });

  it('opens no window of its own beside the pages', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<title>rig</title><p>Hello</p>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((t) => t.type !== 'page').map((t) => `${t.type} ${t.url}`)).toEqual([]);
      expect(targetInfos.filter((t) => t.type === 'page').length).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
