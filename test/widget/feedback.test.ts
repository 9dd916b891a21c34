/**
 * Feedback on answers: thumbs up and down under each finished answer (toggle buttons), a reason
 * form after a thumbs down, the vote stored by the real service against the answer with the
 * visitor's token, kept with the conversation, and told to the host (`chat-bot-feedback`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import type { ChatBotFeedbackEvent } from '../../src/widget/events.ts';
import {
  answered,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  script,
  stored,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

/** The thumbs under a message: [up, down], or none. */
const thumbs = (m: ChatBotMessage) => [...m.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.vote')];
const pressed = (m: ChatBotMessage) => thumbs(m).map((b) => b.getAttribute('aria-pressed'));
const feedback = (m: ChatBotMessage) => m.shadowRoot!.querySelector('chat-bot-feedback')?.shadowRoot ?? null;
const form = (m: ChatBotMessage) => feedback(m)?.querySelector('form') ?? null;
const said = (m: ChatBotMessage) => feedback(m)?.querySelector('[role="status"]')?.textContent?.trim() ?? '';
const chip = (m: ChatBotMessage, name: string) =>
  [...form(m)!.querySelectorAll<HTMLButtonElement>('.chips button')].find((b) => b.textContent === name)!;
const button = (m: ChatBotMessage, name: string) =>
  [...form(m)!.querySelectorAll<HTMLButtonElement>('.actions button')].find((b) => b.textContent === name)!;
/** The element focused, through shadow roots. */
function focused(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** Opens the chat, asks, and returns the finished answer's element. */
async function askedAndAnswered(bot: ChatBot, question = 'Hello'): Promise<ChatBotMessage> {
  await open(bot);
  await type(bot, question);
  await answered(bot);
  const answer = messages(bot)[1]!;
  await until(() => thumbs(answer).length === 2);
  return answer;
}

/** The vote the service keeps on an answer, read back by the owner (ConversationGet). */
async function storedVote(serial: string, answerId: number) {
  const sessionId = (await stored(serial))[0]!.sessionId;
  const transcript = await owner().conversationGet({ SerialNumber: serial, SessionID: sessionId });
  const answer = transcript.Messages.find((m) => m.Id === answerId);
  if (!answer) throw new Error(`The service has no answer ${answerId}`);
  return answer.Feedback?.Rating
    ? { rating: answer.Feedback.Rating, reasons: answer.Feedback.Reasons, comment: answer.Feedback.Comment }
    : null;
}

describe('the thumbs', () => {
  it('are under finished answers only: not under the question, nor while an answer streams, nor under a failed one', async () => {
    const t = token();
    await script(t, {
      text: 'A slow answer, written word by word.',
      chunks: ['A slow ', 'answer, ', 'written word by word.'],
      delayMs: 300,
    });
    const broken = token();
    await script(broken, {
      text: 'Half of an answer that breaks.',
      chunks: ['Half of ', 'an answer that breaks.'],
      failAfter: 1,
    });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    await type(bot, `Stream ${t}`);
    await until(() => messages(bot)[1]?.message.text);
    expect(thumbs(messages(bot)[1]!)).toEqual([]);
    await answered(bot);
    const [question, answer] = messages(bot);
    expect(thumbs(question!)).toEqual([]);
    await until(() => thumbs(answer!).length === 2);
    expect(
      thumbs(answer!).map((b) => [b.tagName, b.type, b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['BUTTON', 'button', 'Helpful', 'false'],
      ['BUTTON', 'button', 'Not helpful', 'false'],
    ]);
    expect(thumbs(answer!)[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    // At least a 24 × 24 px target.
    for (const b of thumbs(answer!)) {
      const box = b.getBoundingClientRect();
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }

    await type(bot, `Break ${broken}`);
    const failed = await until(() => messages(bot)[3]?.message.status === 'failed' && messages(bot)[3]);
    expect(thumbs(failed)).toEqual([]);
  });
});

describe('a vote', () => {
  it('up is stored by the service against the answer; down asks why, and the reasons and comment are stored with it', async () => {
    const serial = await newChatbot({ Name: 'Harbor Homes' });
    const bot = await mount(serial);
    const answer = await askedAndAnswered(bot);
    const answerId = answer.message.answerId!;
    expect(answerId).toBeGreaterThan(0);
    const [up, down] = thumbs(answer);

    up!.click();
    await until(() => said(answer) === 'Thanks for your feedback');
    expect(pressed(answer)).toEqual(['true', 'false']);
    expect(await storedVote(serial, answerId)).toEqual({ rating: 'up', reasons: [], comment: '' });

    down!.click();
    await until(() => form(answer));
    expect(pressed(answer)).toEqual(['false', 'true']);
    expect(await storedVote(serial, answerId)).toEqual({ rating: 'down', reasons: [], comment: '' });
    expect(form(answer)!.getAttribute('aria-labelledby')).toBe('title');
    expect(feedback(answer)!.getElementById('title')!.textContent).toBe('What went wrong?');
    expect(
      [...form(answer)!.querySelectorAll('.chips button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Wrong listing', 'false'],
      ["Didn't help", 'false'],
      ['Incorrect', 'false'],
      ['Too long', 'false'],
    ]);
    chip(answer, 'Too long').click();
    chip(answer, 'Wrong listing').click();
    chip(answer, 'Incorrect').click();
    chip(answer, 'Incorrect').click(); // chosen, then not
    await until(() => chip(answer, 'Wrong listing').getAttribute('aria-pressed') === 'true');
    expect(chip(answer, 'Incorrect').getAttribute('aria-pressed')).toBe('false');
    const comment = form(answer)!.querySelector('textarea')!;
    expect(form(answer)!.querySelector('label')!.textContent).toContain('Anything else? (optional)');
    expect(comment.closest('label')).not.toBeNull();
    comment.value = '  It showed a home in another city.  ';
    comment.dispatchEvent(new Event('input'));
    button(answer, 'Send').click();

    await until(() => !form(answer));
    expect(said(answer)).toBe('Thanks for your feedback');
    expect(await storedVote(serial, answerId)).toEqual({
      rating: 'down',
      reasons: ['wrong-listing', 'too-long'],
      comment: 'It showed a home in another city.',
    });
    expect(answer.message.feedback).toEqual({
      rating: 'down',
      reasons: ['wrong-listing', 'too-long'],
      comment: 'It showed a home in another city.',
    });
  });

  it('is withdrawn by pressing the pressed thumb again', async () => {
    const serial = await newChatbot();
    const bot = await mount(serial);
    const answer = await askedAndAnswered(bot);
    const [up] = thumbs(answer);
    up!.click();
    await until(() => said(answer));
    expect(await storedVote(serial, answer.message.answerId!)).toMatchObject({ rating: 'up' });
    up!.click();
    await until(() => pressed(answer)[0] === 'false');
    expect(pressed(answer)).toEqual(['false', 'false']);
    await until(async () => (await storedVote(serial, answer.message.answerId!)) === null);
    expect(answer.message.feedback).toBeUndefined();
  });

  it('pressed quickly twice, reaches the service in order: the last thumb pressed wins', async () => {
    const serial = await newChatbot();
    const bot = await mount(serial);
    const answer = await askedAndAnswered(bot);
    const [up, down] = thumbs(answer);
    up!.click();
    down!.click();
    await until(() => form(answer));
    expect(pressed(answer)).toEqual(['false', 'true']);
    expect(await storedVote(serial, answer.message.answerId!)).toEqual({ rating: 'down', reasons: [], comment: '' });
  });

  it('is shown again after a reload', async () => {
    const serial = await newChatbot();
    const first = await mount(serial);
    const answer = await askedAndAnswered(first);
    thumbs(answer)[1]!.click();
    await until(() => form(answer));
    chip(answer, "Didn't help").click();
    button(answer, 'Send').click();
    await until(() => !form(answer) && said(answer));
    unmountAll();

    const again = await mount(serial);
    await open(again);
    const restored = await until(() => messages(again)[1]);
    await until(() => thumbs(restored).length === 2);
    expect(pressed(restored)).toEqual(['false', 'true']);
    expect(restored.message.feedback).toEqual({ rating: 'down', reasons: ['not-helpful'], comment: '' });
    // Pressed again after the reload, it is withdrawn at the service too.
    thumbs(restored)[1]!.click();
    await until(() => pressed(restored)[1] === 'false');
    await until(async () => (await storedVote(serial, restored.message.answerId!)) === null);
    expect(form(restored)).toBeNull();
  });

  it('is told to the host as chat-bot-feedback, once the service has it', async () => {
    const bot = await mount(await newChatbot());
    const heard: Pick<ChatBotFeedbackEvent, 'answerId' | 'rating' | 'reasons' | 'comment' | 'bubbles' | 'composed'>[] =
      [];
    bot.addEventListener('chat-bot-feedback', ({ answerId, rating, reasons, comment, bubbles, composed }) =>
      heard.push({ answerId, rating, reasons, comment, bubbles, composed }),
    );
    const answer = await askedAndAnswered(bot);
    const answerId = answer.message.answerId!;
    thumbs(answer)[0]!.click();
    await until(() => heard.length === 1);
    thumbs(answer)[1]!.click();
    await until(() => form(answer));
    chip(answer, 'Incorrect').click();
    await until(() => chip(answer, 'Incorrect').getAttribute('aria-pressed') === 'true');
    button(answer, 'Send').click();
    await until(() => heard.length === 3);
    thumbs(answer)[1]!.click();
    await until(() => heard.length === 4);
    const event = { bubbles: true, composed: true };
    expect(heard).toEqual([
      { answerId, rating: 'up', reasons: [], comment: '', ...event },
      { answerId, rating: 'down', reasons: [], comment: '', ...event },
      { answerId, rating: 'down', reasons: ['incorrect'], comment: '', ...event },
      { answerId, rating: null, reasons: [], comment: '', ...event },
    ]);
  });

  it('that the service does not get is put back, and the visitor is told why', async () => {
    const serial = await newChatbot();
    const bot = await mount(serial);
    const errors: string[] = [];
    bot.addEventListener('chat-bot-error', (e) => errors.push(e.message));
    const answer = await askedAndAnswered(bot);
    const original = window.fetch;
    window.fetch = (input, init) =>
      String(input).endsWith('/chat/Chat/Feedback')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : original(input, init);
    try {
      thumbs(answer)[0]!.click();
      await until(() => said(answer));
      expect(said(answer)).toBe('Could not reach the chat service. Check your connection and try again.');
      expect(pressed(answer)).toEqual(['false', 'false']);
      expect(answer.message.feedback).toBeUndefined();
      expect(errors).toEqual(['Could not reach the chat service. Check your connection and try again.']);
      // A thumbs down that fails opens no form.
      thumbs(answer)[1]!.click();
      await until(() => errors.length === 2);
      expect(pressed(answer)).toEqual(['false', 'false']);
      expect(form(answer)).toBeNull();
    } finally {
      window.fetch = original;
    }
    expect(await storedVote(serial, answer.message.answerId!)).toBeNull();
  });
});

describe('the reason form', () => {
  it('is reached by keyboard: focus moves into it, Tab walks it, Escape closes it and focus goes back to the thumbs down', async () => {
    const bot = await mount(await newChatbot());
    const answer = await askedAndAnswered(bot);
    const down = thumbs(answer)[1]!;
    down.focus();
    await userEvent.keyboard('{Enter}');
    await until(() => focused()?.textContent === 'Wrong listing');
    await userEvent.keyboard(' ');
    await until(() => chip(answer, 'Wrong listing').getAttribute('aria-pressed') === 'true');
    const walked: string[] = [];
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      walked.push(focused()!.tagName === 'TEXTAREA' ? 'comment' : focused()!.textContent!);
    }
    expect(walked).toEqual(["Didn't help", 'Incorrect', 'Too long', 'comment', 'Skip']);
    await userEvent.keyboard('{Escape}');
    await until(() => !form(answer));
    expect(focused()).toBe(down);
    // Escape closed the form, not the chat; the thumbs down stays pressed.
    expect(bot.open).toBe(true);
    expect(pressed(answer)).toEqual(['false', 'true']);
  });

  it('Skip keeps the thumbs down without reasons', async () => {
    const serial = await newChatbot();
    const bot = await mount(serial);
    const answer = await askedAndAnswered(bot);
    thumbs(answer)[1]!.click();
    await until(() => form(answer));
    button(answer, 'Skip').click();
    await until(() => !form(answer));
    expect(focused()).toBe(thumbs(answer)[1]);
    expect(await storedVote(serial, answer.message.answerId!)).toEqual({ rating: 'down', reasons: [], comment: '' });
  });

  it('limits the comment to 500 characters, and shows what is left near the limit', async () => {
    const bot = await mount(await newChatbot());
    const answer = await askedAndAnswered(bot);
    thumbs(answer)[1]!.click();
    const comment = await until(() => form(answer)?.querySelector('textarea'));
    const element = answer.shadowRoot!.querySelector('chat-bot-feedback')!;
    const left = () => feedback(answer)!.getElementById(comment.getAttribute('aria-describedby')!)!.textContent!.trim();
    expect(comment.maxLength).toBe(500);
    comment.value = 'x'.repeat(399);
    comment.dispatchEvent(new Event('input'));
    await element.updateComplete;
    expect(left()).toBe('');
    comment.value = 'x'.repeat(450);
    comment.dispatchEvent(new Event('input'));
    await until(() => left() === '50 characters left');
    expect(left()).toBe('50 characters left');
  });

  it('passes axe, open under an answer', async () => {
    const bot = await mount(await newChatbot({ Name: 'Harbor Homes' }));
    const answer = await askedAndAnswered(bot);
    thumbs(answer)[1]!.click();
    await until(() => form(answer));
    chip(answer, 'Too long').click();
    await expect(bot).to.be.accessible();
  });

  it('speaks the visitor’s language (German)', async () => {
    const bot = await mount(await newChatbot(), { locale: 'de' });
    const answer = await askedAndAnswered(bot, 'Hallo');
    expect(inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector('label')!.textContent).toBe('Nachricht');
    expect(thumbs(answer).map((b) => b.getAttribute('aria-label'))).toEqual(['Hilfreich', 'Nicht hilfreich']);
    thumbs(answer)[1]!.click();
    await until(() => form(answer));
    expect(feedback(answer)!.getElementById('title')!.textContent).toBe('Was ist schiefgelaufen?');
    expect([...form(answer)!.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Falsche Immobilie',
      'Hat nicht geholfen',
      'Falsch',
      'Zu lang',
      'Überspringen',
      'Senden',
    ]);
    button(answer, 'Senden').click();
    await until(() => !form(answer));
    expect(said(answer)).toBe('Danke für Ihr Feedback');
  });
});
