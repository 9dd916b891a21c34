/**
 * The demo agency's website, as `npm start` shows it: a home page of listings read from the
 * service's own store, a page per listing (the Url each listing carries), photos, and a privacy
 * page — each with the widget embedded by the one-line script tag an owner pastes. Rendered on the
 * server from the demo chatbot's current settings and listings, every value escaped.
 */
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Listing } from '../../protocol/index.ts';
import { DEMO_SERIAL } from './agency.ts';
import type { Site } from '../http/app.ts';
import type { ServiceContext } from '../http/context.ts';
import { addressText } from '../../protocol/index.ts';
import { areaText, priceText } from '../engines/search/format.ts';
import { findChatbot } from '../store/chatbots.ts';
import { getListing, listListings } from '../store/listings.ts';
import { esc } from './escape.ts';
import { demoPageRoutes } from './pages.ts';

/** A listing's values in words, as the widget's cards show them: "Coming soon", "3D tour", never the field's raw value. */
const statusWords = (status: string) =>
  ({ Active: 'Active', PreOnMarket: 'Coming soon', Sold: 'Sold' })[status] ?? status;
const tourWords = (tours: string) => ({ OpenHouse: 'Open house', '3D': '3D tour' })[tours] ?? tours;

const PAGE_SIZE = 12;

/** An http(s) URL for an attribute, or nothing. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? esc(url) : '');

/** This machine by one name (localhost, 127.0.0.1 and [::1] on one port are one place), for a host with its port. */
const loopback = (host: string) => host.toLowerCase().replace(/^(localhost|127\.0\.0\.1|\[::1\])(?=:|$)/, 'localhost');

/** The origin the visitor reached this server at (the widget and its images come from it). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** A page of the site; `listing`, the MLS number of the home a listing's page shows, tells the widget which (data-listing). */
function page(
  req: FastifyRequest,
  photoHost: string | null,
  agency: string,
  title: string,
  body: string,
  listing?: string,
): string {
  const origin = originOf(req);
  // The widget shows photos from the hosts its tag names: this page's, and the one the demo's
  // photos were made under (PUBLIC_URL, by default localhost) — the same service opened at 127.0.0.1.
  const imageHosts = [...new Set([req.hostname, ...(photoHost ? [photoHost] : [])])].join(' ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${esc(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo.css">
</head>
<body>
<header class="site"><a class="brand" href="/">${esc(agency)}</a><nav aria-label="Site"><a href="/?type=for_sale">Buy</a> <a href="/?type=for_rent">Rent</a> <a href="/buying.html">Buying with us</a> <a href="/renting.html">Renting with us</a> <a href="/about.html">About us</a> <a href="/privacy.html">Privacy</a> <a href="/service.html">The service</a></nav></header>
<main>
${body}
</main>
<footer class="site"><p>${esc(agency)} is a demo: its listings are made up. Ask the assistant in the corner about them.</p></footer>
<script src="${esc(origin)}/chat-bot.js" data-serial-number="${DEMO_SERIAL}" data-image-hosts="${esc(imageHosts)}"${listing ? ` data-listing="${esc(listing)}"` : ''} async></script>
</body>
</html>`;
}

function card(l: Listing): string {
  const photo = l.Images[0] ? `<img src="${safeUrl(l.Images[0])}" alt="" width="320" height="200" loading="lazy">` : '';
  const rooms = `${l.Bedrooms ? `${l.Bedrooms} bd` : 'Studio'} · ${l.Bathrooms} ba · ${esc(areaText(l))}`;
  return `<li class="card">
<a href="/homes/${encodeURIComponent(l.MLSNumber)}">${photo}<span class="price">${esc(priceText(l))}</span><span class="address">${esc(addressText(l))}</span></a>
<span class="facts">${rooms}</span>
<span class="badges"><span class="badge">${l.SaleType === 'for_rent' ? 'For rent' : 'For sale'}</span>${l.Status !== 'Active' ? ` <span class="badge">${esc(statusWords(l.Status))}</span>` : ''}${l.Tours ? ` <span class="badge">${esc(tourWords(l.Tours))}</span>` : ''}</span>
</li>`;
}

/** A photo for a demo listing: a house drawn in one of 24 colour schemes (no image files to ship). */
export function housePhoto(n: number): string {
  const hue = (n * 47) % 360;
  const roof = `hsl(${(hue + 180) % 360} 35% 35%)`;
  const wall = `hsl(${hue} 45% 78%)`;
  const sky = `hsl(${(hue + 200) % 360} 60% 88%)`;
  const wide = n % 3 === 0;
  const x = wide ? 60 : 100;
  const w = wide ? 200 : 120;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200" role="img" aria-label="A house">
<rect width="320" height="200" fill="${sky}"/><rect y="160" width="320" height="40" fill="hsl(110 35% 55%)"/>
<rect x="${x}" y="95" width="${w}" height="70" fill="${wall}"/><polygon points="${x - 12},98 ${x + w / 2},${wide ? 50 : 40} ${x + w + 12},98" fill="${roof}"/>
<rect x="${x + w / 2 - 12}" y="125" width="24" height="40" fill="${roof}"/>
<rect x="${x + 14}" y="110" width="22" height="18" fill="#fff"/><rect x="${x + w - 36}" y="110" width="22" height="18" fill="#fff"/>
${n % 2 ? `<circle cx="${x + w + 45}" cy="140" r="22" fill="hsl(120 35% 40%)"/><rect x="${x + w + 42}" y="150" width="6" height="15" fill="#6b4f2a"/>` : ''}
</svg>`;
}

/**
 * The demo agency's site at `/` (DEMO): the pages below, its own files from dist/demo-site (its
 * stylesheet, icon and the page about this service: scripts/server-dist.mjs copies them there),
 * and the SPA example from dist/demo-spa (`npm run build` makes it from demo/spa).
 */
export const demoSite: Site = async (app, ctx, widgetDir) => {
  demoSiteRoutes(app, ctx);
  // The reply's sendFile is the console's registration's (http/app.ts).
  await app.register(fastifyStatic, {
    root: join(widgetDir, 'demo-site'),
    prefix: '/',
    index: false,
    decorateReply: false,
  });
  const spaDir = join(widgetDir, 'demo-spa');
  await app.register(fastifyStatic, { root: spaDir, prefix: '/spa/', index: false, decorateReply: false });
  app.get('/spa/', (_req, reply) => reply.sendFile('index.html', spaDir));
};

function demoSiteRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const agency = async () => (await findChatbot(ctx.db, DEMO_SERIAL))?.settings.Name ?? 'The demo agency';
  /** Where the demo's listings were made (their first photo's origin: PUBLIC_URL, by default http://localhost:PORT), found once: they are all made under it. */
  let knownOrigin: URL | undefined;
  const listingsOrigin = async () => {
    if (knownOrigin) return knownOrigin;
    const url = (await listListings(ctx.db, DEMO_SERIAL, { Page: 1, PageSize: 1 })).Items[0]?.Images[0];
    return url && URL.canParse(url) ? (knownOrigin = new URL(url)) : null;
  };
  /** The host of the demo's photos, for the widget to show them. */
  const photoHost = async () => (await listingsOrigin())?.hostname ?? null;
  /**
   * A page asked for by another of this machine's names than the listings were made under
   * (127.0.0.1 for localhost, same port) is sent there: the page, its photos and the listing links
   * its assistant answers with then share one origin, and the widget one conversation across them.
   */
  const oneOrigin = async (req: FastifyRequest, reply: FastifyReply) => {
    const home = await listingsOrigin();
    if (home && req.host !== home.host && loopback(req.host) === loopback(home.host))
      return reply.redirect(`${home.origin}${req.url}`, 302);
  };

  app.get<{ Querystring: { type?: string; q?: string; page?: string } }>(
    '/',
    { onRequest: oneOrigin },
    async (req, reply) => {
      const saleType: Listing['SaleType'] | undefined =
        req.query.type === 'for_rent' || req.query.type === 'for_sale' ? req.query.type : undefined;
      const query = (req.query.q ?? '').slice(0, 100);
      const current = Math.max(1, Math.min(1000, Number.parseInt(req.query.page ?? '1', 10) || 1));
      const { Items, Total } = await listListings(ctx.db, DEMO_SERIAL, {
        Page: current,
        PageSize: PAGE_SIZE,
        Status: 'Active',
        ...(saleType ? { SaleType: saleType } : {}),
        ...(query ? { Query: query } : {}),
      });
      const name = await agency();
      const pages = Math.max(1, Math.ceil(Total / PAGE_SIZE));
      const link = (p: number) =>
        `/?${new URLSearchParams({ ...(saleType ? { type: saleType } : {}), ...(query ? { q: query } : {}), page: String(p) })}`;
      const heading =
        saleType === 'for_rent'
          ? 'Homes for rent'
          : saleType === 'for_sale'
            ? 'Homes for sale'
            : 'Homes for sale and rent';
      const body = `<section class="hero"><h1>Find your next home with ${esc(name)}</h1>
<p>Ask our assistant — the button in the corner — about any of these homes: “3 bedroom homes in Austin under $500k”, “rentals in Denver with parking”.</p>
<form class="search" action="/" method="get" role="search"><label for="q">Search by city or street</label> <input id="q" name="q" value="${esc(query)}"> ${saleType ? `<input type="hidden" name="type" value="${saleType}">` : ''}<button>Search</button></form></section>
<h2>${heading} <span class="count">(${Total.toLocaleString('en-US')})</span></h2>
${Items.length ? `<ul class="listings">${Items.map(card).join('\n')}</ul>` : '<p>No home matches that search.</p>'}
<nav class="pages" aria-label="Pages">${current > 1 ? `<a href="${esc(link(current - 1))}" rel="prev">Previous</a>` : ''} <span>Page ${current} of ${pages}</span> ${current < pages ? `<a href="${esc(link(current + 1))}" rel="next">Next</a>` : ''}</nav>`;
      return reply
        .type('text/html; charset=utf-8')
        .send(page(req, await photoHost(), name, `${name} — homes for sale and rent`, body));
    },
  );

  app.get<{ Params: { mls: string } }>('/homes/:mls', { onRequest: oneOrigin }, async (req, reply) => {
    const l = await getListing(ctx.db, DEMO_SERIAL, 'MLSNumber', req.params.mls.slice(0, 64));
    const name = await agency();
    if (!l)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            req,
            await photoHost(),
            name,
            'Not found',
            '<h1>That home is not listed any more</h1><p><a href="/">See the homes we have</a>.</p>',
          ),
        );
    const facts: [string, string][] = [
      ['Price', priceText(l)],
      ['Bedrooms', String(l.Bedrooms)],
      ['Bathrooms', String(l.Bathrooms)],
      ['Area', areaText(l)],
      ['Type', l.PropertyType],
      ['Built', String(l.YearBuilt)],
      ['Parking', String(l.ParkingSpots)],
      ['Status', statusWords(l.Status)],
      ['MLS', l.MLSNumber],
      ...(l.Tours ? ([['Tours', tourWords(l.Tours)]] as [string, string][]) : []),
      ...l.ExtensionColumn.map((e): [string, string] => [e.Key, e.value]),
    ];
    const body = `<article class="home"><h1>${esc(addressText(l))}</h1>
${l.Images.map((src) => `<img src="${safeUrl(src)}" alt="Photo of ${esc(addressText(l))}" width="640" height="400">`).join('')}
<dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>
${l.Description ? `<p>${esc(l.Description)}</p>` : ''}
<p>Questions about this home? Ask the assistant, or use <em>Talk to a person</em> in its menu.</p></article>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page(req, await photoHost(), name, `${addressText(l)} — ${name}`, body, l.MLSNumber));
  });

  app.get<{ Params: { n: string } }>('/demo/photos/home-:n', (req, reply) => {
    const n = /^(\d{1,2})\.svg$/.exec(req.params.n)?.[1];
    if (!n || Number(n) < 1 || Number(n) > 24) return reply.callNotFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(housePhoto(Number(n)));
  });

  app.get('/privacy.html', { onRequest: oneOrigin }, async (req, reply) => {
    const name = await agency();
    const body = `<h1>Privacy policy</h1>
<p>${esc(name)} keeps what you write to its assistant for 30 days, to answer you and to improve the service. If you use
<em>Talk to a person</em>, your name, email and message go to our agents, who use them only to reply.</p>
<p>The chat runs on this site's own server: it sends nothing to anyone else, and loads no fonts, trackers or scripts
from elsewhere.</p>`;
    return reply.type('text/html; charset=utf-8').send(page(req, await photoHost(), name, `Privacy — ${name}`, body));
  });

  demoPageRoutes(app, {
    onRequest: oneOrigin,
    send: async (req, reply, title, body) => {
      const name = await agency();
      return reply
        .type('text/html; charset=utf-8')
        .send(page(req, await photoHost(), name, `${title} — ${name}`, body));
    },
  });
}
