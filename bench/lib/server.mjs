// A small static server on 127.0.0.1, port 0:
//   /widget/…  the built widget (WIDGET_DIR: dist/)
//   /bench/…   bench/ (adapters, page driver)
//   /tmp/…     bench/.tmp (generated bundles)
//   /nm/…      bench/node_modules (the widgets compared with ours, the baselines' libraries)
//   pages      generated HTML (the harness page)
//   /chat/Chatbot/Get  the chatbot's public settings, in the service's envelope (the widget asks for them)
// and a log of every path requested, to see what a page really fetched.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BENCH_DIR, NODE_MODULES, TMP_DIR, WIDGET_DIR } from './env.mjs';

const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** The settings a visitor's widget gets from the service (envelope of API.md). */
export const SETTINGS = {
  Name: 'Bench Realty',
  WelcomeMessage: '',
  ChatbotPopupOnce: false,
  RemoveChatLogOnBrowserClose: false,
  TimeZone: 'UTC',
};
// Cross-origin isolated pages get performance.now() at 5 µs instead of 100 µs.
const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
const envelope = (Data) => JSON.stringify({ Data, Version: '1.0.0', Success: true, Code: 200, Message: '' });

const ROOTS = {
  '/widget/': () => WIDGET_DIR,
  '/bench/': () => BENCH_DIR,
  '/tmp/': () => TMP_DIR,
  '/nm/': () => NODE_MODULES,
};

function fileFor(p) {
  for (const [prefix, root] of Object.entries(ROOTS)) {
    if (!p.startsWith(prefix)) continue;
    const base = root();
    const file = path.resolve(base, '.' + path.posix.normalize('/' + p.slice(prefix.length)));
    return file.startsWith(base + path.sep) ? file : null;
  }
  return null;
}

export function harnessPage({ title, head = '', hostStyle = 'width:420px;height:640px;' }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0;font:14px/1.45 system-ui,sans-serif}
#host{${hostStyle}position:relative;box-sizing:border-box;display:flex;flex-direction:column}</style>${head}
</head><body><div id="host"></div>
<script type="module">import * as d from '/bench/page/driver.js'; window.__driver = d; window.__driverReady = true;</script>
</body></html>`;
}

/** pages: { '/path.html': html }. Resolves to { origin, requests, close() }. */
export function startServer({ pages = {} } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const p = decodeURIComponent(url.pathname);
    requests.push(p);
    if (pages[p] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...ISOLATED });
      return res.end(pages[p]);
    }
    if (p === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (p === '/chat/Chatbot/Get' && req.method === 'POST') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', ...ISOLATED });
      return res.end(envelope(SETTINGS));
    }
    const file = fileFor(p);
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
      'content-length': fs.statSync(file).size,
      ...ISOLATED,
    });
    fs.createReadStream(file).pipe(res);
  });
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
            setTimeout(r, 2000).unref();
          }),
      });
    });
  });
}
