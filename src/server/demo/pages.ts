/**
 * The demo agency's pages about itself ("About us", "Buying with us", "Renting with us": their
 * Markdown in faq.ts), its sitemap and its robots.txt — what the demo chatbot's knowledge is
 * indexed from at first start, as an owner's would be from their own site.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { esc } from './escape.ts';
import { DEMO_PAGES } from './faq.ts';

/** Inline Markdown of the demo's own pages: **bold** only, the rest escaped. */
const inline = (text: string) => esc(text).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
/** An id for a heading, so a passage can link to its section. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The demo pages' Markdown (headings, paragraphs, lists, bold) as HTML: their own words, escaped. */
export function demoPageHtml(markdown: string): string {
  const out: string[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const end = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    if (list.length) out.push(`<ul>${list.map((li) => `<li>${inline(li)}</li>`).join('')}</ul>`);
    paragraph = [];
    list = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (heading) {
      end();
      const level = heading[1]!.length;
      out.push(`<h${level} id="${slug(heading[2]!)}">${inline(heading[2]!)}</h${level}>`);
    } else if (line.startsWith('- ')) list.push(line.slice(2));
    else if (!line.trim()) end();
    else paragraph.push(line.trim());
  }
  end();
  return out.join('\n');
}

export interface DemoPageOptions {
  onRequest: onRequestHookHandler;
  /** Sends a page of the demo site: its title and body inside the site's header, footer and widget. */
  send(req: FastifyRequest, reply: FastifyReply, title: string, body: string): Promise<FastifyReply>;
}

export function demoPageRoutes(app: FastifyInstance, options: DemoPageOptions): void {
  for (const p of DEMO_PAGES)
    app.get(p.path, { onRequest: options.onRequest }, (req, reply) =>
      options.send(req, reply, p.title, `<article class="about">${demoPageHtml(p.markdown)}</article>`),
    );
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  app.get('/sitemap.xml', { onRequest: options.onRequest }, (req, reply) => {
    const urls = DEMO_PAGES.map((p) => p.path).map((path) => `<url><loc>${esc(origin(req) + path)}</loc></url>`);
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  app.get('/robots.txt', (req, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nSitemap: ${origin(req)}/sitemap.xml\n`),
  );
}
