/**
 * Entry for the script tag: `<script src=".../chat-bot.js" data-serial-number="…" async>`.
 * Defines <chat-bot> — the launcher, with Lit; the panel's code (`chat-bot.panel.js`, beside this
 * file, on this file's Lit) loads on the visitor's first intent — and adds one <chat-bot> carrying
 * the script's `data-*` attributes, unless the page has one. Loading this file twice changes nothing.
 */
import { ChatBot, defineChatBot } from './widget/elements/chat-bot.ts';
import { shareLit } from './widget/shared-lit.ts';

function insertFromScript(script: HTMLScriptElement): void {
  const place = () => {
    if (document.querySelector('chat-bot')) return;
    const element = document.createElement('chat-bot');
    for (const { name, value } of script.attributes) {
      if (name.startsWith('data-') && name.length > 5) element.setAttribute(name.slice(5), value);
    }
    document.body.append(element);
  };
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place, { once: true });
}

// Without a document (server-side rendering, workers) there is nothing to do.
if (typeof document !== 'undefined') {
  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
  // The panel's chunk sits beside this file, wherever it was loaded from.
  const panelUrl = new URL('chat-bot.panel.js', script?.src || document.baseURI).href;
  ChatBot.loadPanel ??= () => import(/* @vite-ignore */ panelUrl);
  shareLit();
  defineChatBot();
  if (script) insertFromScript(script);
}
