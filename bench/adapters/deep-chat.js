// deep-chat 2.4.2 — the closest web component to ours — as its script-tag bundle
// (dist/deepChat.bundle.js). Streaming through its documented custom handler with `stream: true`:
// each fragment is one signals.onResponse({ text }). A history is its `history` property, in the
// same { role: 'user' | 'ai', text } shape the harness uses.
import '/nm/deep-chat/dist/deepChat.bundle.js';

export async function mount(host, { history = null } = {}) {
  const el = document.createElement('deep-chat');
  el.style.cssText = 'display:block;flex:1;min-height:0';
  el.chatStyle = { width: '100%', height: '100%', border: 'none', boxSizing: 'border-box' };
  let signals = null,
    opened = null;
  el.connect = {
    stream: true,
    handler: (_body, s) => {
      signals = s;
      s.onOpen();
      opened?.();
    },
  };
  if (history) el.history = history;
  const rendered = new Promise((resolve) => el.addEventListener('render', resolve, { once: true }));
  host.append(el);
  await rendered;
  const messages = () => el.shadowRoot?.querySelectorAll('.outer-message-container') ?? [];
  return {
    root: el,
    countMessages: () => messages().length,
    async beginStream() {
      // submitUserMessage exists a task or two after the first render.
      for (let i = 0; i < 100 && typeof el.submitUserMessage !== 'function'; i++)
        await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 20));
      const open = new Promise((resolve) => {
        opened = resolve;
      });
      el.submitUserMessage({ text: 'Explain' });
      await open;
    },
    push: (text) => signals.onResponse({ text }),
    async endStream() {
      signals.onClose();
    },
    answerRoot: () => [...messages()].at(-1) ?? null,
  };
}
