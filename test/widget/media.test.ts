/**
 * Images, push-to-talk and video end to end: the browser's checks, the three-step upload with
 * progress and cancel, the question sent with its files, the service's answer, the transcript
 * restored from history — and a real recording from Chromium's fake microphone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MiB } from '../../src/widget/media/check.ts';
import es from '../../src/widget/strings/es.ts';
import { mediaEn } from '../../src/widget/strings/media.ts';
import type { ChatBotMedia } from '../../src/widget/elements/chat-bot-media.ts';
import {
  answered,
  composer,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  stored,
  textarea,
  unmountAll,
  until,
} from './harness.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';

afterEach(unmountAll);

const media = (bot: ChatBot) => inPanel<ChatBotMedia>(bot, 'chat-bot-media')!;
const inMedia = <T extends Element>(bot: ChatBot, selector: string) =>
  media(bot).shadowRoot!.querySelector<T>(selector);
const allInMedia = <T extends Element>(bot: ChatBot, selector: string) => [
  ...media(bot).shadowRoot!.querySelectorAll<T>(selector),
];
const trayError = (bot: ChatBot) => inMedia(bot, '.error')?.textContent ?? '';

/** A real PNG of width × height, drawn on a canvas. */
async function pngFile(width: number, height: number, name = 'photo.png'): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

/** A GIF89a of 1 × 1 with `frames` frames (more than one is animated). */
function gifFile(frames: number, name = 'moving.gif'): File {
  const frame = [
    0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
  ];
  const bytes = [
    ...new TextEncoder().encode('GIF89a'),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0,
    0,
    0,
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ];
  return new File([new Uint8Array(bytes)], name, { type: 'image/gif' });
}

/** An MP4's first box (ftyp, isom), then `size` bytes in all. */
function mp4File(size: number, name = 'tour.mp4'): File {
  const head = new Uint8Array([
    0,
    0,
    0,
    0x18,
    ...new TextEncoder().encode('ftypisom'),
    0,
    0,
    2,
    0,
    ...new TextEncoder().encode('isomiso2'),
  ]);
  const body = new Uint8Array(size);
  body.set(head);
  return new File([body], name, { type: 'video/mp4' });
}

async function imageBot(settings = {}): Promise<ChatBot> {
  const bot = await mount(await newChatbot({ EnableUploadImage: true, ...settings }));
  await open(bot);
  await until(() => inPanel(bot, 'chat-bot-media')?.shadowRoot?.querySelector('.tool'));
  return bot;
}

/** Presses Send (the composer's button), as a visitor with files in the tray does. */
async function pressSend(bot: ChatBot): Promise<void> {
  const button = await until(() =>
    composer(bot).shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])'),
  );
  button.click();
}

describe('images', () => {
  it('go in the tray with a preview, upload, and are sent as Image with no text; the service says what they are', async () => {
    const bot = await imageBot();
    const input = inMedia<HTMLInputElement>(bot, 'input[type="file"]')!;
    const picked = new DataTransfer();
    picked.items.add(await pngFile(3, 2));
    picked.items.add(await pngFile(40, 30, 'second.png'));
    input.files = picked.files;
    input.dispatchEvent(new Event('change'));
    const previews = await until(
      () => allInMedia<HTMLImageElement>(bot, 'li img').length === 2 && allInMedia<HTMLImageElement>(bot, 'li img'),
    );
    expect(previews.map((i) => i.alt)).toEqual(['Image photo.png', 'Image second.png']);
    await until(() => allInMedia(bot, 'progress').length === 0);
    expect(textarea(bot).value).toBe('');
    await pressSend(bot);
    await answered(bot);
    const [question, answer] = messages(bot);
    expect([answer!.message.status, answer!.message.error]).toEqual(['done', undefined]);
    expect(question!.message.files?.map((f) => [f.kind, f.name])).toEqual([
      ['Image', 'photo.png'],
      ['Image', 'second.png'],
    ]);
    expect(answer!.message.text).toMatch(
      /^Thank you — I received your 2 images: a PNG image, 3 × 2 pixels; a PNG image, 40 × 30 pixels\./,
    );
    // The tray is empty again, and the transcript shows the images, fetched with the visitor's token.
    expect(allInMedia(bot, 'li')).toHaveLength(0);
    const shown = await until(() => {
      const imgs = [...question!.shadowRoot!.querySelectorAll('chat-bot-attachment')].map((a) =>
        a.shadowRoot?.querySelector('img'),
      );
      return imgs.length === 2 && imgs.every((i) => i?.complete && i.naturalWidth > 0) && imgs;
    });
    expect(shown.map((i) => [i!.naturalWidth, i!.naturalHeight])).toEqual([
      [3, 2],
      [40, 30],
    ]);
    // From history: a new page draws them again.
    const serial = bot.serialNumber;
    unmountAll();
    const again = await mount(serial);
    await open(again);
    const restored = await until(() =>
      messages(again)[0]?.shadowRoot?.querySelector('chat-bot-attachment')?.shadowRoot?.querySelector('img'),
    );
    await until(() => restored.complete && restored.naturalWidth === 3);
    await again.clearHistory();
  });

  it('go with the text typed beside them', async () => {
    const bot = await imageBot();
    await media(bot).add([await pngFile(8, 8)]);
    textarea(bot).value = 'hello';
    textarea(bot).dispatchEvent(new Event('input'));
    await pressSend(bot);
    await answered(bot);
    expect(messages(bot)[1]!.message.text.split('\n\n')[0]).toBe(
      'Thank you — I received your image: a PNG image, 8 × 8 pixels.',
    );
    expect((await stored(bot.serialNumber)).find((m) => m.role === 'question')?.content).toBe('hello');
  });

  it('come by paste and by drag and drop', async () => {
    const bot = await imageBot();
    const pasted = new DataTransfer();
    pasted.items.add(await pngFile(2, 2, 'pasted.png'));
    textarea(bot).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, composed: true, cancelable: true }),
    );
    await until(() => allInMedia(bot, 'li').length === 1);
    const dropped = new DataTransfer();
    dropped.items.add(await pngFile(2, 2, 'dropped.png'));
    const over = new DragEvent('dragover', { dataTransfer: dropped, bubbles: true, composed: true, cancelable: true });
    inPanel(bot, '.scroller')!.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    inPanel(bot, '.scroller')!.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dropped, bubbles: true, composed: true, cancelable: true }),
    );
    await until(() => allInMedia(bot, 'li').length === 2);
    expect(allInMedia<HTMLImageElement>(bot, 'li img').map((i) => i.alt)).toEqual([
      'Image pasted.png',
      'Image dropped.png',
    ]);
    // Text pasted is left to the text box.
    const text = new DataTransfer();
    text.setData('text/plain', 'just words');
    const paste = new ClipboardEvent('paste', { clipboardData: text, bubbles: true, composed: true, cancelable: true });
    textarea(bot).dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(false);
  });

  it('are checked by content, with a clear message for each refusal', async () => {
    const bot = await imageBot();
    const renamed = new File(['not an image at all'], 'holiday.png', { type: 'image/png' });
    await media(bot).add([renamed]);
    expect(trayError(bot)).toBe(mediaEn.refusedType.replace('{name}', 'holiday.png'));
    await media(bot).add([gifFile(2)]);
    expect(trayError(bot)).toBe(mediaEn.refusedAnimated.replace('{name}', 'moving.gif'));
    // 20 MB + 1 byte is refused before any upload; a still GIF is taken.
    const head = await (await pngFile(1, 1)).arrayBuffer();
    const big = new File([head, new Uint8Array(20 * MiB + 1 - head.byteLength)], 'huge.png');
    expect(big.size).toBe(20 * MiB + 1);
    await media(bot).add([big, gifFile(1, 'still.gif')]);
    expect(trayError(bot)).toBe(mediaEn.refusedSize.replace('{name}', 'huge.png').replace('{limit}', '20'));
    expect(allInMedia(bot, 'li')).toHaveLength(1);
    // Ten images at most in one message.
    await media(bot).add(await Promise.all(Array.from({ length: 10 }, (_, i) => pngFile(1, 1, `p${i}.png`))));
    expect(allInMedia(bot, 'li')).toHaveLength(10);
    expect(trayError(bot)).toBe(mediaEn.refusedCount.replace('{name}', 'p9.png'));
    // A video does not go with images.
    await media(bot).add([mp4File(2048)]);
    expect(trayError(bot)).toBe(mediaEn.refusedMixed.replace('{name}', 'tour.mp4'));
  });

  it('of exactly 20 MB and 20 MB − 1 byte are uploaded and accepted', async () => {
    const bot = await imageBot();
    const head = await (await pngFile(5, 4)).arrayBuffer();
    const files = [20 * MiB, 20 * MiB - 1].map(
      (size, i) => new File([head, new Uint8Array(size - head.byteLength)], `edge${i}.png`),
    );
    await media(bot).add(files);
    expect(trayError(bot)).toBe('');
    const sent = await media(bot).take();
    expect(sent?.map((f) => f.kind)).toEqual(['Image', 'Image']);
  });

  it('refuse a video over 100 MB, naming its own limit', async () => {
    const bot = await imageBot();
    await media(bot).add([mp4File(100 * MiB + 1, 'long.mp4')]);
    expect(trayError(bot)).toBe(mediaEn.refusedSize.replace('{name}', 'long.mp4').replace('{limit}', '100'));
  });

  it('show upload progress, and removing one cancels its upload', async () => {
    const bot = await imageBot();
    await media(bot).add([mp4File(60 * MiB)]);
    const bar = await until(() => inMedia<HTMLProgressElement>(bot, 'li progress'));
    expect(bar.getAttribute('aria-label')).toBe('Uploading tour.mp4');
    await until(() => bar.value > 0 || !bar.isConnected, 20_000);
    inMedia<HTMLButtonElement>(bot, 'li .remove')!.click();
    await until(() => allInMedia(bot, 'li').length === 0);
    expect(composer(bot).shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('speak the visitor’s language', async () => {
    const bot = await mount(await newChatbot({ EnableUploadImage: true, EnablePushToTalk: true }), { locale: 'es' });
    await open(bot);
    const tools = await until(
      () => allInMedia<HTMLButtonElement>(bot, '.tool').length === 2 && allInMedia<HTMLButtonElement>(bot, '.tool'),
    );
    expect(tools.map((b) => b.getAttribute('aria-label'))).toEqual([es.attach, es.talk]);
    await media(bot).add([gifFile(3, 'baile.gif')]);
    expect(trayError(bot)).toBe(es.refusedAnimated.replace('{name}', 'baile.gif'));
  });

  it('are not offered when the chatbot does not take them', async () => {
    const bot = await mount(await newChatbot({ EnableUploadImage: false }));
    await open(bot);
    expect(inPanel(bot, 'chat-bot-media')).toBeNull();
  });

  it('leave the toolbar and tray accessible', async () => {
    const bot = await imageBot({ EnablePushToTalk: true });
    await media(bot).add([await pngFile(2, 2), new File(['x'], 'notes.txt')]);
    await until(() => allInMedia(bot, 'progress').length === 0);
    await expect(bot).to.be.accessible();
  });
});

describe('video', () => {
  it('goes alone, uploads with progress, and is sent as Video', async () => {
    const bot = await imageBot();
    await media(bot).add([mp4File(3 * MiB)]);
    expect(inMedia(bot, 'li .file')!.textContent).toBe('tour.mp4');
    await until(() => allInMedia(bot, 'progress').length === 0, 20_000);
    await pressSend(bot);
    await answered(bot);
    expect(messages(bot)[0]!.message.files).toEqual([expect.objectContaining({ kind: 'Video', name: 'tour.mp4' })]);
    expect(messages(bot)[1]!.message.text).toContain('I received your video: an MP4 video of 3 MB');
  });
});

describe('push-to-talk', () => {
  const talkBot = async () => {
    const bot = await mount(await newChatbot({ EnablePushToTalk: true }));
    await open(bot);
    return {
      bot,
      talk: await until(() => inPanel(bot, 'chat-bot-media')?.shadowRoot?.querySelector<HTMLButtonElement>('.talk')),
    };
  };

  it('records real WAV from the microphone while held, and sends it on release; the service hears its length', async () => {
    const { bot, talk } = await talkBot();
    expect(talk.getAttribute('aria-label')).toBe('Hold to talk');
    talk.dispatchEvent(new PointerEvent('pointerdown', { button: 0, bubbles: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'true', 10_000);
    await until(() => Number(inMedia(bot, '[role="meter"]')?.getAttribute('aria-valuenow')) > 0, 10_000);
    await new Promise((r) => setTimeout(r, 1200));
    expect(inMedia(bot, '[role="timer"]')!.textContent).toMatch(/^0:0[1-9]$/);
    // A finger lifted: touch screens send pointerleave right after pointerup — that is no slide away.
    talk.dispatchEvent(new PointerEvent('pointerup', { button: 0, bubbles: true, pointerType: 'touch' }));
    talk.dispatchEvent(new PointerEvent('pointerleave', { bubbles: true, pointerType: 'touch' }));
    await answered(bot, 1, 20_000);
    const [question, answer] = messages(bot);
    expect(question!.message.files?.[0]?.kind).toBe('Audio');
    expect(answer!.message.text).toMatch(
      /I received your recording: a recording of 1\.\d seconds \(WAV, (44\.1|48) kHz, mono, 16-bit\)/,
    );
    // It plays back in the transcript.
    const player = await until(() =>
      question!.shadowRoot!.querySelector('chat-bot-attachment')?.shadowRoot?.querySelector('audio'),
    );
    await until(() => player.readyState >= 1 && player.duration > 1, 10_000);
    expect(player.duration).toBeLessThan(3);
  });

  it('works with Space held on the button, and Escape or sliding away cancels', async () => {
    const { bot, talk } = await talkBot();
    talk.focus();
    talk.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'true', 10_000);
    talk.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'false');
    expect(bot.open).toBe(true); // Escape cancelled the recording, not the chat
    talk.dispatchEvent(new PointerEvent('pointerdown', { button: 0, bubbles: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'true', 10_000);
    talk.dispatchEvent(new PointerEvent('pointerleave', { bubbles: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'false');
    talk.dispatchEvent(new PointerEvent('pointerup', { button: 0, bubbles: true }));
    talk.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    await until(() => talk.getAttribute('aria-pressed') === 'true', 10_000);
    await new Promise((r) => setTimeout(r, 700));
    talk.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    await answered(bot, 1, 20_000);
    expect(messages(bot).filter((m) => m.message.files?.[0]?.kind === 'Audio')).toHaveLength(1);
  });
});
