/**
 * Entry for the script tag: `<script src=".../chat-bot.js" data-serial-number="…" async>`.
 * Adds one `<chat-bot>` carrying the script's `data-*` attributes, unless the page has one.
 */
function insertFromScript(script: HTMLScriptElement): void {
  const place = () => {
    if (document.querySelector('chat-bot')) return;
    const element = document.createElement('chat-bot');
    for (const { name, value } of Array.from(script.attributes)) {
      if (name.startsWith('data-') && name.length > 5) element.setAttribute(name.slice(5), value);
    }
    document.body.append(element);
  };
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place, { once: true });
}

// Without a document (server-side rendering, workers) there is nothing to do.
if (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement) {
  insertFromScript(document.currentScript);
}
