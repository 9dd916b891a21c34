/**
 * Push-to-talk when the microphone cannot be had, in Debian's whole Chromium (the headless shell
 * the other files use asks no one: test/support/chromium-args.ts): the visitor refused it (no
 * permission given), or there is none (no capture device). Each gets its own message and nothing
 * is recorded or sent. (Recording itself is tested in test/widget/media.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaEn } from '../../src/widget/strings/media.ts';
import { launchChromium } from '../support/chromium.ts';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
let serial: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) =>
      app.get<{ Querystring: { serial: string } }>('/talk-page.html', (req, reply) =>
        reply.type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Talk</title></head><body>
<script src="/chat-bot.js" data-serial-number="${req.query.serial}" async></script></body></html>`),
      ),
  });
  serial = await service.newChatbot({ Name: 'Talk bot', EnablePushToTalk: true });
});
afterAll(() => service?.close());

/** Holds the talk button in a fresh Chromium started with `args`; what the tray then says, and whether it recorded. */
async function holdToTalk(args: string[]): Promise<{ error: string; pressed: string | null; messages: number }> {
  const browser = await launchChromium(args, undefined, { whole: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${service.origin}/talk-page.html?serial=${serial}`);
    await page.locator('chat-bot .launcher').click();
    const talk = page.locator('chat-bot-media .talk');
    await talk.dispatchEvent('pointerdown', { button: 0 });
    await page.locator('chat-bot-media .error').waitFor();
    await talk.dispatchEvent('pointerup', { button: 0 });
    await page.waitForTimeout(300);
    return {
      error: (await page.locator('chat-bot-media .error').textContent()) ?? '',
      pressed: await talk.getAttribute('aria-pressed'),
      messages: await page.locator('chat-bot-message').count(),
    };
  } finally {
    await browser.close();
  }
}

describe('push-to-talk without a microphone', () => {
  it('says the microphone is blocked when the visitor did not allow it', async () => {
    expect(await holdToTalk(['--use-fake-device-for-media-stream'])).toEqual({
      error: mediaEn.micDenied,
      pressed: 'false',
      messages: 0,
    });
  }, 60_000);

  it('says there is no microphone when the device has none', async () => {
    expect(await holdToTalk(['--use-fake-ui-for-media-stream'])).toEqual({
      error: mediaEn.micMissing,
      pressed: 'false',
      messages: 0,
    });
  }, 60_000);
});
