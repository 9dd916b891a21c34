/**
 * What a link or image may become: only http(s)/mailto/tel links, opening in a new tab and
 * naming their real host; only images from allowed hosts; and references whose definition
 * arrives after them, upgraded in place when it does.
 */
import { el, textNode, fragment } from './dom.ts';

/** A link destination and title, unescaped. */
export interface Target {
  href: string;
  title: string;
}

// Dropped before a URL is judged: controls, whitespace, zero-width and bidi characters, Unicode tags.
const NOISE = /[\0-\x20\x7F-\x9F\s\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

/** An absolute http(s), mailto or tel URL; anything else (relative ones too) is undefined. */
export function safeUrl(dest: string): URL | undefined {
  const s = dest.replace(NOISE, '');
  if (/^(?:https?|mailto|tel):/i.test(s)) {
    try {
      return new URL(s);
    } catch {
      // malformed: its text is shown instead
    }
  }
}

const isWeb = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';
/** The URL without its scheme and final slash, for comparing with what a link shows. */
const bare = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');

/** This machine by one name, whichever it was reached by: a page at 127.0.0.1 and its links to localhost (same port) are one site. */
const oneLoopback = (hostOrOrigin: string) =>
  hostOrOrigin.replace(/(^|\/\/)(localhost|127\.0\.0\.1|\[::1])(?=:|$)/, '$1localhost');
/** A host as people write it: without "www.". */
const site = (host: string) => host.replace(/^www\./, '');

/**
 * An <a> to u around content; a span names the real host when the text shows something else —
 * unless the link stays on the page's own site (where the chatbot's listing pages are).
 */
export function anchor(u: URL, content: Node, title = '', cls = ''): HTMLAnchorElement {
  const a = el('a') as HTMLAnchorElement;
  a.href = u.href;
  a.target = '_blank';
  a.rel = 'noopener noreferrer nofollow';
  a.referrerPolicy = 'no-referrer';
  if (title) a.title = title;
  if (cls) a.className = cls;
  a.append(content);
  const text = bare(a.textContent!);
  if (
    isWeb(u) &&
    oneLoopback(site(u.host)) !== oneLoopback(site(location.host)) &&
    text !== u.host &&
    text !== bare(u.href)
  ) {
    const host = a.appendChild(el('span'));
    host.className = 'md-host';
    host.textContent = site(u.host);
  }
  return a;
}

/**
 * A list names a host once, at its first link: the notes after it would repeat it on every line.
 * A link whose text shows an address keeps its note, which may be all that tells it is disguised.
 */
export function noteHostsOnce(list: Element): void {
  const named = new Set<string>();
  for (const note of list.querySelectorAll('.md-host')) {
    const host = note.textContent!;
    const shown = note.parentNode!.textContent!.slice(0, -host.length);
    if (/\w\.\w|:\/\//.test(shown)) continue;
    if (named.has(host)) note.remove();
    named.add(host);
  }
}

/**
 * 'img.example.com' allows that host; '*.cdn.example' its subdomains, not itself; an origin
 * ('https://chat.example.com', the service's own as the element adds it) that origin alone — its
 * scheme and port too, not another server on the same host (this machine's names — localhost,
 * 127.0.0.1, [::1] — being one host).
 */
const allowed = (u: URL, patterns: readonly string[]) =>
  patterns.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.includes('://')
      ? oneLoopback(u.origin) === oneLoopback(p)
      : p.startsWith('*.')
        ? u.hostname.endsWith(p.slice(1))
        : u.hostname === p;
  });

/** An image at u may load: http(s), from an allowed host, and (an allowed host can still redirect) not carrying another URL. */
export const loadable = (u: URL, hosts: readonly string[]): boolean =>
  isWeb(u) && allowed(u, hosts) && !/(?::|%3a)(?:\/|%2f){2}/i.test(u.pathname + u.search + u.hash);

/** Links do not nest: links and references inside content keep only their text. */
export function unlink(content: ParentNode): void {
  for (const x of content.querySelectorAll('a,span')) {
    if (x.className === 'md-host') x.remove();
    else x.replaceWith(...x.childNodes);
  }
}

/** A link or image to t around content (parsed inline nodes, moved into the result). */
export function linkOrImage(content: DocumentFragment, t: Target, image: boolean, hosts: readonly string[]): Node {
  unlink(content);
  const u = safeUrl(t.href);
  if (!image) return u ? anchor(u, content, t.title) : content;
  const alt = content.textContent!;
  if (u && loadable(u, hosts)) {
    const img = el('img') as HTMLImageElement;
    img.alt = alt;
    if (t.title) img.title = t.title;
    img.loading = 'lazy';
    img.decoding = 'async';
    img.referrerPolicy = 'no-referrer';
    img.src = u.href;
    return img;
  }
  const text = textNode(alt || (u?.href ?? ''));
  return u ? anchor(u, text, t.title, 'md-image-link') : text;
}

/** A rendered reference whose definition has not arrived yet: "[", content, "][label]". */
export interface Waiting {
  span: HTMLElement;
  image: boolean;
  /** Length of the bracket text after the content (before it: "[", or "![" for an image). */
  post: number;
}

const key = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();

/** The link reference definitions of an answer, and the references still waiting for theirs. */
export class References {
  readonly #defs = new Map<string, Target>();
  readonly #waiting = new Map<string, Waiting[]>();

  constructor(readonly hosts: readonly string[]) {}

  get(label: string): Target | undefined {
    return this.#defs.get(key(label));
  }

  wait(label: string, w: Waiting): void {
    const k = key(label);
    this.#waiting.get(k)?.push(w) ?? this.#waiting.set(k, [w]);
  }

  /** The first definition of a label wins; references already shown become links in place. */
  define(label: string, t: Target): void {
    const k = key(label);
    if (this.#defs.has(k)) return;
    this.#defs.set(k, t);
    for (const { span, image, post } of this.#waiting.get(k) ?? []) {
      const first = span.firstChild,
        last = span.lastChild;
      if (!span.parentNode || !(first instanceof Text) || !(last instanceof Text)) continue; // inside a link: stays text
      first.deleteData(0, image ? 2 : 1);
      last.deleteData(last.length - post, post);
      const content = fragment();
      content.append(...span.childNodes);
      content.normalize();
      span.replaceWith(linkOrImage(content, t, image, this.hosts));
    }
    this.#waiting.delete(k);
  }
}
