// The harness's own cost: plain text, no Markdown. Each line of the answer is one element whose text
// node grows fragment by fragment (so, like an incremental renderer, a fragment touches one short
// line, never the whole answer); the scroller follows it down once per frame. A history is plain
// text, one element per message. What is left after subtracting this is the system's.
export async function mount(host, { history = null } = {}) {
  const scroller = document.createElement('div');
  scroller.style.cssText = 'flex:1;min-height:0;overflow:auto;padding:12px;white-space:pre-wrap;overflow-wrap:anywhere';
  for (const m of history ?? []) scroller.appendChild(document.createElement('div')).textContent = m.text;
  host.append(scroller);
  scroller.scrollTop = scroller.scrollHeight;
  let answer = null,
    line = null,
    pending = false;
  const follow = () => {
    pending = false;
    scroller.scrollTop = scroller.scrollHeight;
  };
  const newLine = () => {
    line = answer.appendChild(document.createElement('div')).appendChild(document.createTextNode(''));
  };
  return {
    root: scroller,
    countMessages: () => scroller.children.length,
    async beginStream() {
      answer = scroller.appendChild(document.createElement('div'));
      newLine();
    },
    push(text) {
      const parts = text.split('\n');
      line.appendData(parts[0]);
      for (let i = 1; i < parts.length; i++) {
        newLine();
        line.appendData(parts[i] || (i < parts.length - 1 ? ' ' : ''));
      }
      if (!pending) {
        pending = true;
        requestAnimationFrame(follow);
      }
    },
    flush() {},
    async endStream() {},
  };
}
