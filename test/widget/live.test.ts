/**
 * A person in the chat, as the visitor meets it (docs/WIDGET.md *A person in the chat*): asking for
 * a person opens the form where the answer says it; with an agent in the console the conversation is
 * handed over at once, the agent joins, writes, and leaves — against the real service, whose owner's
 * event stream this test holds open as the console does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveMessage, OwnerEvent } from '../../src/client/index.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import { bubbleText, inPanel, messages, mount, newChatbot, open, owner, type, unmountAll, until } from './harness.ts';

afterEach(unmountAll);

/** The owner's console, as far as this test needs it: the chatbot's events, read in the background. */
function console_(serialNumber: string) {
  const stop = new AbortController();
  const seen: OwnerEvent[] = [];
  void (async () => {
    try {
      for await (const e of owner().events({ SerialNumber: serialNumber }, { signal: stop.signal })) seen.push(e);
    } catch {
      // Stopped at the test's end.
    }
  })();
  return {
    seen,
    stop: () => stop.abort(),
    next: <E extends OwnerEvent['event']>(
      event: E,
      match: (e: LiveMessage<Record<string, unknown>>) => boolean = () => true,
    ) => until(() => seen.find((e) => e.event === event && match(e as LiveMessage<Record<string, unknown>>)), 15_000),
  };
}

const lastText = (bot: ChatBot) => bubbleText(messages(bot).at(-1)!);

describe('asking for a person', () => {
  it('opens the form below the answer, which says so — no button to look for elsewhere', async () => {
    const bot = await mount(await newChatbot({ TalkToHumanEmail: 'team@oak.example' }));
    await open(bot);
    await type(bot, 'I want to talk to a real person');
    const form = await until(() => inPanel(bot, 'chat-bot-handoff')?.shadowRoot?.querySelector('form'), 15_000);
    expect(lastText(bot)).toMatch(/leave your name and email here/);
    expect(lastText(bot)).not.toMatch(/below|Talk to a person/);
    expect(form.querySelector('input[type=email]')).not.toBeNull();
    await expect(bot).to.be.accessible();
  });

  it('offers the way to a person as a button in the answer that names one', async () => {
    const bot = await mount(await newChatbot({ TalkToHumanEmail: 'team@oak.example' }));
    await open(bot);
    await type(bot, 'what is the weather like in Austin?');
    const answer = await until(() =>
      messages(bot).find((m) => m.message.role === 'assistant' && m.message.status === 'done'),
    );
    const offer = await until(
      () =>
        answer.shadowRoot
          ?.querySelector('chat-bot-handoff')
          ?.shadowRoot?.querySelector<HTMLButtonElement>('button.offer'),
      10_000,
    );
    expect(offer.textContent).toBe('Talk to a person');
    offer.click();
    await until(() =>
      inPanel(bot, ':scope > section chat-bot-handoff, chat-bot-handoff')?.shadowRoot?.querySelector('form'),
    );
  });
});

describe('an agent in the chat', () => {
  it('is handed the conversation at once, joins, writes, holds the questions and leaves', async () => {
    const serial = await newChatbot({ TalkToHumanEmail: 'team@oak.example' });
    const desk = console_(serial);
    try {
      // The console's stream counts once the service has registered it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const bot = await mount(serial);
      const agentEvents: string[] = [];
      bot.addEventListener('chat-bot-agent', (e) => agentEvents.push(`${e.kind}:${e.name}`));
      await open(bot);
      await type(bot, 'can I speak to an agent?');
      const handoff = await desk.next('handoff');
      const sessionId = handoff.data.SessionID as number;
      await until(() => /someone will join this chat/.test(lastText(bot)), 15_000);
      expect(inPanel(bot, 'chat-bot-handoff')).toBeNull();

      await owner().conversationTake({ SerialNumber: serial, SessionID: sessionId, Name: 'Sam' });
      await until(() => /Sam joined the conversation/.test(lastText(bot)), 15_000);
      await owner().conversationReply({
        SerialNumber: serial,
        SessionID: sessionId,
        Content: 'Hi, I am **Sam**. How can I help?',
      });
      await until(
        () =>
          /SamHi, I am Sam\. How can I help\?/.test(lastText(bot).replace(/\s+/g, '')) ||
          /Hi, I am Sam/.test(lastText(bot)),
        15_000,
      );
      // Fired once the message is shown and kept.
      await until(() => agentEvents.length === 2);
      expect(agentEvents).toEqual(['joined:Sam', 'message:Sam']);

      // Held: the question goes to Sam, and no answer comes.
      const before = messages(bot).length;
      await type(bot, 'Can I see 12 Oak St on Saturday?');
      await desk.next('message', (e) => e.data.Content === 'Can I see 12 Oak St on Saturday?');
      await until(() => messages(bot).length === before + 1 && messages(bot).every((m) => m.message.status === 'done'));
      expect(lastText(bot)).toBe('Can I see 12 Oak St on Saturday?');

      await owner().conversationRelease({ SerialNumber: serial, SessionID: sessionId });
      await until(() => /Sam left the conversation/.test(lastText(bot)), 15_000);
      const count = messages(bot).length;
      await type(bot, 'hello');
      await until(() => messages(bot).length === count + 2 && messages(bot).at(-1)!.message.status === 'done', 20_000);
      expect(lastText(bot)).not.toBe('');
      await expect(bot).to.be.accessible();
    } finally {
      desk.stop();
    }
  });
});
