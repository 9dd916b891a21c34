// Our widget as a page gets it: dist/chat-bot.js (the launcher, a classic script) and the panel it
// loads beside it, <chat-bot mode="inline"> mounted on the page. Nothing inside it is reached into:
//   - history: the conversation is written where the widget keeps it (IndexedDB 'chat-bot', store
//     'state', key conversation:<serial>), with its settings cached as a returning visitor has them;
//   - streaming: the visitor's question goes through el.send(); the page's fetch answers GetSession
//     and ClientAsk (the client looks fetch up per call), and each pushed fragment is one SSE event
//     `data: {"content": …}` on the ClientAsk response, read by the widget's own client, conversation
//     and Markdown renderer. Other requests (the settings) reach the bench server.
import { paintedWhen } from '/bench/page/driver.js';

const WINDOW = 60; // the panel draws the newest 60 messages until asked for earlier ones
const encoder = new TextEncoder();
let serial = '';
let stream = null; // the ClientAsk response's controller

function loadLauncher() {
  if (customElements.get('chat-bot')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/widget/chat-bot.js';
    script.onload = () => {
      // The script tag adds one <chat-bot> when the page has none: the bench mounts its own.
      for (const stray of document.querySelectorAll('body > chat-bot')) stray.remove();
      resolve();
    };
    script.onerror = () => reject(new Error('dist/chat-bot.js did not load'));
    document.head.append(script);
  });
}

function idb(run) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('chat-bot');
    open.onupgradeneeded = () => open.result.createObjectStore('state');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('state', 'readwrite');
      run(tx.objectStore('state'));
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const envelope = (Data) =>
  new Response(JSON.stringify({ Data, Version: '1.0.0', Success: true, Code: 200, Message: '' }), {
    headers: { 'content-type': 'application/json' },
  });

function answerThroughFetch() {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const path = new URL(String(input instanceof Request ? input.url : input), location.href).pathname;
    if (path === '/chat/Chatbot/GetSession')
      return envelope({
        SessionID: 1,
        VisitorToken: 'vt1.bench',
        ExpiresAt: new Date(Date.now() + 864e5).toISOString(),
      });
    if (path === '/chat/Chat/ClientAsk') {
      const body = new ReadableStream({
        start(controller) {
          stream = controller;
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    return realFetch(input, init);
  };
}

/** Not measured: the launcher's code, the stored conversation, and the panel's code for the `warm` variant. */
export async function prepare({ history = null, variant = '' } = {}) {
  serial = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  await loadLauncher();
  const settings = { Name: 'Bench Realty', WelcomeMessage: '', TimeZone: 'UTC' };
  await idb((store) => {
    store.put(settings, `settings:${serial}`);
    if (history) {
      const at = Date.now() - history.length * 60_000;
      const messages = history.map((m, i) => ({
        id: `m${i}`,
        role: m.role === 'user' ? 'user' : 'assistant',
        text: m.text,
        at: at + i * 60_000,
        status: 'done',
        clientMessageId: `q${i >> 1}`,
      }));
      store.put({ messages }, `conversation:${serial}`);
    }
  });
  if (variant === 'warm') await import('/widget/chat-bot.panel.js');
  answerThroughFetch();
}

const panelRoot = (el) => el.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot ?? null;
const logged = (el) => [...(panelRoot(el)?.querySelectorAll('[role="log"] chat-bot-message') ?? [])];
const drawn = (m) => {
  const bubble = m.shadowRoot?.querySelector('.bubble');
  return bubble && (!m.shadowRoot.querySelector('.assistant') || bubble.querySelector('.content > .md'));
};

export async function mount(host, { history = null, origin } = {}) {
  const el = document.createElement('chat-bot');
  el.setAttribute('mode', 'inline');
  el.setAttribute('serial-number', serial);
  el.setAttribute('base-url', origin);
  el.style.cssText = 'display:block;flex:1;min-height:0';
  host.append(el);
  // Drawn: the composer for a new conversation; the newest messages, each rendered, for a stored one.
  const expected = history ? Math.min(WINDOW, history.length) : 0;
  const firstPaintAt = await paintedWhen(() => {
    const root = panelRoot(el);
    if (!root?.querySelector('chat-bot-composer')) return false;
    const shown = logged(el);
    return shown.length >= expected && (!expected || drawn(shown[shown.length - 1]));
  });
  let done = null;
  let sent = '';
  return {
    root: el,
    firstPaintAt,
    countMessages: () => panelRoot(el)?.querySelectorAll('chat-bot-message').length ?? 0,
    answerRoot: () => logged(el).at(-1)?.shadowRoot?.querySelector('.content') ?? null,
    async beginStream() {
      stream = null;
      done = el.send('Tell me about streaming');
      await paintedWhen(() => stream && logged(el).some((m) => m.message?.status === 'streaming'));
    },
    push(text) {
      sent += text;
      stream.enqueue(encoder.encode(`data: ${JSON.stringify({ content: text })}\n\n`));
    },
    async endStream() {
      stream.enqueue(
        encoder.encode(`data: ${JSON.stringify({ QuestionID: 1, AnswerID: 2, Answer: sent, TotalToken: 0 })}\n\n`),
      );
      stream.close();
      await done;
      await el.shadowRoot.querySelector('chat-bot-panel').updateComplete;
    },
    showEarlier() {
      const before = logged(el).length;
      const want = Math.min(before + WINDOW, history?.length ?? 0);
      panelRoot(el).querySelector('button.earlier').click();
      return paintedWhen(() => {
        const shown = logged(el);
        return shown.length >= want && drawn(shown[0]);
      });
    },
  };
}
