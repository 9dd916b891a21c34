// The widget's Markdown renderer alone (MarkdownView from src/widget/markdown, bundled by the bench into
// .tmp/markdown/markdown.js), in a bubble styled as the widget's messages, in a 420×640 scroller that
// follows the answer down as the panel does. push() = append(): the view renders at most once per
// animation frame, as in the widget; flush() renders now (the per-fragment test).
import { MarkdownView, messageStyles } from '/tmp/markdown/markdown.js';

export async function mount(host) {
  const box = document.createElement('div');
  box.style.cssText = 'flex:1;min-height:0;display:flex';
  host.append(box);
  const shadow = box.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [messageStyles.styleSheet];
  const scroller = document.createElement('div');
  scroller.style.cssText =
    'flex:1;overflow:auto;padding:12px;font:15px/1.5 system-ui,sans-serif;--_radius:14px;--_border:#ddd;--_muted:#666';
  const content = document.createElement('div');
  scroller.append(content);
  shadow.append(scroller);
  new ResizeObserver(() => {
    scroller.scrollTop = scroller.scrollHeight;
  }).observe(content);
  let view = null;
  return {
    root: box,
    layoutRoot: scroller,
    countMessages: () => content.children.length,
    answerRoot: () => view?.root ?? null,
    async beginStream() {
      view = new MarkdownView({ imageHosts: [] });
      const row = document.createElement('div');
      row.className = 'row assistant';
      const bubble = row.appendChild(document.createElement('div'));
      bubble.className = 'bubble';
      bubble.appendChild(document.createElement('div')).append(view.root);
      content.append(row);
    },
    push(text) {
      view.append(text);
    },
    flush() {
      view.flush();
    },
    async endStream() {
      view.end();
    },
  };
}
