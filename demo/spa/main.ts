/**
 * The SPA example: the package imported as an ES module (what a bundler sees on npm), one
 * <chat-bot> made in code, driven through its public API, and its events logged.
 */
import { ChatBot } from 'chat-bot-element';

/** The demo chatbot: the same serial number on every install of the service. */
const DEMO_SERIAL = '88cae252516c50b70ff41ff3f401077c';

// Importing the package defined <chat-bot>; its class makes one like any element.
const bot = new ChatBot();
bot.serialNumber = DEMO_SERIAL;
bot.imageHosts = location.hostname;
document.body.append(bot);

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = $<HTMLOListElement>('log');

for (const type of [
  'chat-bot-open',
  'chat-bot-close',
  'chat-bot-send',
  'chat-bot-answer',
  'chat-bot-error',
  'chat-bot-handoff',
  'chat-bot-feedback',
]) {
  bot.addEventListener(type, (event) => {
    // The event's own data: what each chat-bot-* event class carries (text, questionId, code, …).
    const detail = Object.fromEntries(
      Object.entries(event).filter(([k, v]) => k !== 'isTrusted' && typeof v !== 'function'),
    );
    const item = document.createElement('li');
    const fields = Object.entries(detail).map(
      ([k, v]) => `${k}: ${typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…` : JSON.stringify(v)}`,
    );
    item.textContent = `${new Date().toLocaleTimeString()} ${type}${fields.length ? ` — ${fields.join(', ')}` : ''}`;
    item.dataset.type = type;
    log.prepend(item);
  });
}

$('open').addEventListener('click', () => void bot.show());
$('close').addEventListener('click', () => bot.hide());
$('send').addEventListener('click', () => void bot.send($<HTMLInputElement>('question').value));
$('clear').addEventListener('click', () => void bot.clearHistory());
$<HTMLSelectElement>('theme').addEventListener(
  'change',
  (e) => (bot.theme = (e.target as HTMLSelectElement).value as ChatBot['theme']),
);
$<HTMLSelectElement>('locale').addEventListener('change', (e) => (bot.locale = (e.target as HTMLSelectElement).value));
