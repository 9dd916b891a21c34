// The page side of the benchmarks, loaded by the harness page. Systems are adapter modules
// (adapters/<name>.js, contract in adapters/README.md); the driver mounts one, feeds it, and times it.
// Node reads the renderer's CPU counters (CDP) between the calls made here.

/** After the next frame was rendered: rAF runs just before the frame's style, layout and paint; a
 *  message posted from it is handled once that work is done. Resolves to performance.now(). */
export function nextPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => afterThisFrame().then(resolve)));
}

/** Called from a rAF callback: resolves after the frame being rendered now. */
function afterThisFrame() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  });
}

/** Checks `check()` at every frame; resolves to the time the first frame in which it held was painted. */
export function paintedWhen(check, timeoutMs = 60_000) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const frame = () => {
      if (check()) return void afterThisFrame().then(resolve);
      if (performance.now() - start > timeoutMs) return reject(new Error(`not drawn within ${timeoutMs} ms`));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Runs `fn` in a task of its own (a message, not a timer: no clamping). */
const inTask = (fn) =>
  new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      try {
        resolve(fn());
      } catch (e) {
        reject(e);
      }
    };
    channel.port2.postMessage(0);
  });

/** Elements and text nodes under `root`, shadow roots included; and the Markdown elements among them. */
export function countTree(root) {
  let elements = 0,
    textNodes = 0,
    shadowRoots = 0;
  const tags = { h: 0, li: 0, pre: 0, table: 0, a: 0 };
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (n.nodeType === 1) {
      elements++;
      const t = n.localName;
      if (/^h[1-6]$/.test(t)) tags.h++;
      else if (t in tags) tags[t]++;
      if (n.shadowRoot) {
        shadowRoots++;
        stack.push(n.shadowRoot);
      }
    } else if (n.nodeType === 3) textNodes++;
    for (let c = n.firstChild; c; c = c.nextSibling) stack.push(c);
  }
  return { nodes: elements + textNodes, elements, textNodes, shadowRoots, tags };
}

/** Long tasks, long animation frames and frames while a measurement runs. */
function observe() {
  const longTasks = [],
    loafs = [];
  const observers = [];
  for (const [type, list] of [
    ['longtask', longTasks],
    ['long-animation-frame', loafs],
  ]) {
    try {
      const po = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) list.push(e.duration);
      });
      po.observe({ type });
      observers.push([po, list]);
    } catch {}
  }
  let frames = 0,
    last = 0,
    maxFrameGap = 0,
    counting = true;
  const tick = (t) => {
    if (!counting) return;
    frames++;
    if (last) maxFrameGap = Math.max(maxFrameGap, t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    async stop() {
      counting = false;
      await new Promise((r) => setTimeout(r, 100)); // let the observers deliver
      for (const [po, list] of observers) {
        for (const e of po.takeRecords()) list.push(e.duration);
        po.disconnect();
      }
      return {
        frames,
        maxFrameGapMs: maxFrameGap,
        longTasks: longTasks.length,
        maxLongTaskMs: longTasks.length ? Math.max(...longTasks) : 0,
        maxLoafMs: loafs.length ? Math.max(...loafs) : 0,
      };
    },
  };
}

const loadAdapter = (name) => import(`/bench/adapters/${name}.js`);
let state = null;

// ---- streaming ---------------------------------------------------------------------------------

/** Not measured: mounts the system, opens an empty answer, keeps the fragments. */
export async function prepareStream(name, fragments, options = {}) {
  const adapter = await loadAdapter(name);
  const opts = { ...options, origin: location.origin };
  await adapter.prepare?.(opts);
  const host = document.getElementById('host');
  host.replaceChildren();
  const inst = await adapter.mount(host, opts);
  await nextPaint();
  await inst.beginStream();
  await nextPaint();
  await nextPaint();
  const offsets = new Float64Array(fragments.length + 1);
  for (let i = 0; i < fragments.length; i++) offsets[i + 1] = offsets[i] + fragments[i].length;
  state = { inst, fragments, offsets, next: 0 };
  return { fragments: fragments.length, chars: offsets[fragments.length], canFlush: typeof inst.flush === 'function' };
}

/** Index of the first fragment that starts at or after `chars`. */
function fragmentAt(chars) {
  const { offsets, fragments } = state;
  let i = 0;
  while (i < fragments.length && offsets[i] < chars) i++;
  return i;
}

/** Pushes the fragments up to `to` (excluded), one task each, as fast as possible. */
function pushRun(to, limitMs) {
  const { inst, fragments } = state;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = async () => {
      try {
        if (state.next >= to) return resolve(false);
        if (performance.now() - start > limitMs) return resolve(true);
        const r = inst.push(fragments[state.next++]);
        if (r && typeof r.then === 'function') await r;
        channel.port2.postMessage(0);
      } catch (e) {
        reject(e);
      }
    };
    channel.port2.postMessage(0);
  });
}

/**
 * Measured: the whole answer as fast as possible, one fragment per task, rendered the way the system
 * renders (the widget: once per animation frame); then the end of the stream and the next paint.
 */
export async function firehose({ limitMs = 60_000 } = {}) {
  const { inst, fragments } = state;
  const obs = observe();
  const t0 = performance.now();
  const timedOut = await pushRun(fragments.length, limitMs);
  const tLast = performance.now();
  await inst.endStream();
  const tPainted = await nextPaint();
  const o = await obs.stop();
  return {
    timedOut,
    pushed: state.next,
    fragments: fragments.length,
    lastPaintMs: tPainted - t0,
    endMs: tPainted - tLast,
    ...o,
  };
}

/** Not measured: pushes as fast as possible up to the first fragment at or after `chars`, then lets it settle. */
export async function streamTo(chars, limitMs = 60_000) {
  const timedOut = await pushRun(fragmentAt(chars), limitMs);
  await nextPaint();
  await nextPaint();
  return { timedOut, next: state.next, at: state.offsets[state.next] };
}

/** Measured (CPU read by Node around it): the next `count` fragments, one per frame, each painted before the next. */
export async function paced(count) {
  const { inst, fragments } = state;
  const obs = observe();
  const t0 = performance.now();
  let n = 0;
  for (; n < count && state.next < fragments.length; n++) {
    await inTask(() => inst.push(fragments[state.next++]));
    await nextPaint();
  }
  const o = await obs.stop();
  return { fragments: n, wallMs: performance.now() - t0, ...o };
}

/**
 * Measured: the fragments in the next `chars` characters, each rendered at once and laid out in a task
 * of its own — append + flush (the renderer's work), then a layout read (style and layout, as the next
 * paint would do them) — each part timed on its own, in µs. Only for systems that can render on
 * demand (flush(): the renderer alone).
 */
export async function syncEach(chars) {
  const { inst, fragments, offsets } = state;
  if (typeof inst.flush !== 'function') throw new Error('this system cannot render on demand (no flush())');
  const box = inst.layoutRoot ?? inst.root;
  const end = fragmentAt(offsets[state.next] + chars);
  const renderUs = [],
    layoutUs = [];
  while (state.next < end) {
    const fragment = fragments[state.next++];
    await inTask(() => {
      const s = performance.now();
      inst.push(fragment);
      inst.flush();
      const m = performance.now();
      void box.getBoundingClientRect().height;
      renderUs.push((m - s) * 1000);
      layoutUs.push((performance.now() - m) * 1000);
    });
  }
  await nextPaint();
  return { renderUs, layoutUs };
}

/** After the metrics were read: what is in the DOM. */
export function census() {
  const { inst } = state;
  const answer = inst.answerRoot?.();
  return {
    ...countTree(inst.root),
    messagesInDom: inst.countMessages?.() ?? null,
    answerTags: answer ? countTree(answer).tags : null,
  };
}

// ---- long history ------------------------------------------------------------------------------

/** Not measured: loads the adapter and lets it store the history where the system reads it. */
export async function prepareHistory(name, messages, opts = {}) {
  const adapter = await loadAdapter(name);
  state = { adapter, messages, opts: { ...opts, history: messages, origin: location.origin } };
  await adapter.prepare?.(state.opts);
  document.getElementById('host').replaceChildren();
  await nextPaint();
  return { count: messages.length };
}

/** Measured: mount with the history; from the mount() call to the first paint showing the messages. */
export async function history() {
  const { adapter, opts } = state;
  const host = document.getElementById('host');
  const obs = observe();
  const t0 = performance.now();
  const inst = await adapter.mount(host, opts);
  const tPainted = inst.firstPaintAt ?? (await nextPaint());
  const messagesAtFirstPaint = inst.countMessages?.() ?? null;
  const o = await obs.stop();
  state.inst = inst;
  await nextPaint();
  await nextPaint();
  return { firstPaintMs: tPainted - t0, messagesAtFirstPaint, ...o };
}

/** Measured: "Show earlier messages" once; from the click to the paint showing them. */
export async function earlier() {
  const { inst } = state;
  if (!inst.showEarlier) return null;
  const before = inst.countMessages();
  const obs = observe();
  const t0 = performance.now();
  const tPainted = await inst.showEarlier();
  const o = await obs.stop();
  return { earlierMs: tPainted - t0, messagesBefore: before, messagesAfter: inst.countMessages(), ...o };
}

export function historyCensus() {
  const { inst } = state;
  return { ...countTree(inst.root), messagesInDom: inst.countMessages?.() ?? null };
}
