/**
 * The reverse proxy of docs/OPERATING.md, as written: Debian's nginx runs its
 * server block — only its address, its certificate (made here, self-signed) and the upstream port
 * changed — in front of the compiled service with TRUST_PROXY=1 and PUBLIC_URL. A visitor who
 * forges X-Forwarded-For is still held to the rate limit; an answer streams through in pieces
 * (nginx does not buffer it); upload URLs carry PUBLIC_URL, not the address nginx reached.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBin, type RunningBin } from '../support/bin.ts';
import { freePort } from '../support/http.ts';

const NGINX = '/usr/sbin/nginx';
const PUBLIC_URL = 'https://chat.example.com';

/** The nginx server block of docs/OPERATING.md ("Behind a reverse proxy"), word for word. */
function readmeServerBlock(): string {
  const readme = readFileSync(join(import.meta.dirname, '../../docs/OPERATING.md'), 'utf8');
  const block = /```nginx\n([^]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('docs/OPERATING.md has no nginx block');
  return block;
}

let dir: string;
let nginx: ChildProcess;
let bin: RunningBin;
let port: number;

/** A request through nginx, as a visitor's browser would send it (to the public name, over TLS). */
function request(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; reads: number }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        servername: 'chat.example.com',
        rejectUnauthorized: false,
        headers: { host: 'chat.example.com', 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        let reads = 0;
        res.on('data', (chunk: Buffer) => {
          reads++;
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, reads }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chat-bot-nginx-'));
  // Words a little apart, so that an answer is written in many pieces.
  bin = await startBin({ TRUST_PROXY: '1', PUBLIC_URL, OFFLINE_WORD_DELAY_MS: '15' });
  port = await freePort();
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=chat.example.com',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const upstream = new URL(bin.url);
  const server = readmeServerBlock()
    .replace('listen 443 ', `listen 127.0.0.1:${port} `)
    .replace(/ssl_certificate +\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
    .replace(/ssl_certificate_key +\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`)
    .replace('proxy_pass http://127.0.0.1:8787;', `proxy_pass http://127.0.0.1:${upstream.port};`);
  const temp = (name: string) => `${name} ${join(dir, name.replace(/_path$/, ''))};`;
  await writeFile(
    join(dir, 'nginx.conf'),
    [
      // As root, nginx's workers would drop to a user who cannot read this directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 128; }',
      'http {',
      `  access_log off;`,
      `  ${temp('client_body_temp_path')} ${temp('proxy_temp_path')} ${temp('fastcgi_temp_path')} ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')}`,
      server,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  // Up once it answers (a 404 of the service, through it).
  for (let tries = 0; ; tries++) {
    const up = await request('/none', {}).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (tries > 50 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await once(nginx, 'exit');
  }
  await bin?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('behind the nginx of docs/OPERATING.md', () => {
  it('holds a visitor forging X-Forwarded-For to the rate limit of the address nginx saw', async () => {
    const owner = { authorization: bin.apiKey };
    const added = await request(
      '/chat/Chatbot/Add',
      { timeZone: 'UTC', type: 0, RateLimitCount: 3, RateLimitTime: 60 },
      owner,
    );
    expect(added.status, added.text).toBe(200);
    const serial = (JSON.parse(added.text) as { Data: { SerialNumber: string } }).Data.SerialNumber;
    const session = await request('/chat/Chatbot/GetSession', { serialNumber: serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    const statuses = [];
    for (let i = 1; i <= 5; i++)
      statuses.push(
        (
          await request(
            '/chat/Chat/ClientAsk',
            { sessionID: SessionID, content: 'Hello' },
            { authorization: VisitorToken, 'x-forwarded-for': `198.51.100.${i}` },
          )
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('passes an answer through as it is written, and gives upload URLs under PUBLIC_URL', async () => {
    const session = await request('/chat/Chatbot/GetSession', { serialNumber: bin.serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    const streamed = await request(
      '/chat/Chat/ClientAsk',
      { sessionID: SessionID, content: '3 bedroom homes in Austin', stream: true },
      { authorization: VisitorToken },
    );
    expect(streamed.status).toBe(200);
    expect(streamed.text).toContain('"QuestionID"');
    // Buffered, nginx would hand the whole answer over in a read or two.
    expect(streamed.reads).toBeGreaterThan(5);
    const upload = await request(
      '/chat/User/GetPreUploadUrl',
      { sessionID: SessionID, fileName: 'photo.png' },
      { authorization: VisitorToken },
    );
    expect((JSON.parse(upload.text) as { Data: { PreUploadUrl: string } }).Data.PreUploadUrl).toMatch(
      /^https:\/\/chat\.example\.com\/chat\/File\/Upload\/\d+\?token=/,
    );
  });
});
