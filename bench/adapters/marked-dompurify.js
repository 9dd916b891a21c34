// The common way to stream Markdown, as a baseline: on every fragment, parse the whole answer so far
// with marked, sanitize it with DOMPurify and replace the bubble's innerHTML (cost grows with the
// square of the answer). Plain bubbles in a scroller that follows the answer once per frame.
import { marked } from '/nm/marked/lib/marked.esm.js';
import DOMPurify from '/nm/dompurify/dist/purify.es.mjs';

const render = (markdown) => DOMPurify.sanitize(marked.parse(markdown));

export async function mount(host, { history = null } = {}) {
  const scroller = document.createElement('div');
  scroller.style.cssText = 'flex:1;min-height:0;overflow:auto;padding:12px;overflow-wrap:anywhere';
  host.append(scroller);
  const bubble = (role) => {
    const b = scroller.appendChild(document.createElement('div'));
    b.style.cssText =
      role === 'user' ? 'margin:8px 0 8px auto;white-space:pre-wrap;max-width:90%' : 'margin:8px 0;max-width:90%';
    return b;
  };
  for (const m of history ?? []) {
    const b = bubble(m.role);
    if (m.role === 'user') b.textContent = m.text;
    else b.innerHTML = render(m.text);
  }
  scroller.scrollTop = scroller.scrollHeight;
  let answer = null,
    text = '',
    pending = false;
  const follow = () => {
    pending = false;
    scroller.scrollTop = scroller.scrollHeight;
  };
  return {
    root: scroller,
    countMessages: () => scroller.children.length,
    async beginStream() {
      bubble('user').textContent = 'Explain';
      answer = bubble('ai');
      text = '';
    },
    push(fragment) {
      text += fragment;
      answer.innerHTML = render(text);
      if (!pending) {
        pending = true;
        requestAnimationFrame(follow);
      }
    },
    async endStream() {},
    answerRoot: () => answer,
  };
}
