/**
 * The deployable artifact (README, "Deploying"): dist/ with package.json and package-lock.json,
 * copied to an empty directory, `npm ci --omit=dev`, started — the steps of the README's
 * Dockerfile, read from the README and run here without Docker (no image registry is reachable
 * from the test machines): each COPY copies from this repository, each RUN runs in the directory,
 * CMD is started as it is, its ENV applies but for the address and the data, which are the test's.
 * No src/, no development dependency: a file the service reads from outside dist/ fails here. Needs
 * `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../support/http.ts';
import { startProcess, type StartedProcess } from '../support/process.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..', '..');

interface Recipe {
  copies: string[][];
  runs: string[];
  env: Record<string, string>;
  cmd: string[];
}

/** The README's Dockerfile, as steps. */
function dockerfile(): Recipe {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const block = /```dockerfile\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```dockerfile block');
  const recipe: Recipe = { copies: [], runs: [], env: {}, cmd: [] };
  for (const line of block[1]!.split('\n').map((l) => l.trim())) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const args = line.slice(instruction.length).trim();
    if (instruction === 'COPY') recipe.copies.push(rest);
    else if (instruction === 'RUN') recipe.runs.push(args);
    else if (instruction === 'ENV') for (const pair of rest) recipe.env[pair.split('=')[0]!] = pair.slice(pair.indexOf('=') + 1);
    else if (instruction === 'CMD') recipe.cmd = JSON.parse(args) as string[];
  }
  return recipe;
}

let dir: string;
let service: StartedProcess;
let url: string;
let apiKey: string;
let recipe: Recipe;

beforeAll(async () => {
  if (!existsSync(join(repo, 'dist', 'node', 'server', 'main.js'))) throw new Error('build first: npm run build');
  recipe = dockerfile();
  dir = await mkdtemp(join(tmpdir(), 'chat-bot-deploy-'));
  const app = join(dir, 'app');
  for (const copy of recipe.copies) {
    const to = copy.at(-1)!;
    for (const from of copy.slice(0, -1)) await cp(join(repo, from), join(app, to.endsWith('/') ? from : to), { recursive: true });
  }
  // Dependencies from npm's cache where it has them (the Docker build has none: the same packages, from the registry).
  for (const step of recipe.runs) await run('sh', ['-c', step], { cwd: app, env: { ...process.env, npm_config_prefer_offline: 'true' }, maxBuffer: 16 * 1024 * 1024 });
  const [command = '', ...args] = recipe.cmd;
  // The data where the unit file and the image keep theirs is the test's own directory; the address, a free port on loopback.
  service = await startProcess(
    join(app, command),
    args,
    { cwd: app, env: { PATH: process.env.PATH, HOME: join(dir, 'home'), ...recipe.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' } },
    /Owner API key[\s\S]*cbk_\S+/,
  );
  url = /listening on (\S+)/.exec(service.output)![1]!;
  apiKey = /(cbk_\S+)/.exec(service.output)![1]!;
}, 240_000);

afterAll(async () => {
  await service?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the deployable artifact', () => {
  it('is dist/ and the manifests with production dependencies alone: no sources, no development tools', () => {
    const app = join(dir, 'app');
    expect(existsSync(join(app, 'src'))).toBe(false);
    expect(existsSync(join(app, 'dist', 'node', 'server', 'store', 'migrations', 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'fastify'))).toBe(true);
    for (const tool of ['vitest', 'typescript', 'tsx', 'vite']) expect(existsSync(join(app, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts from its executable bin, migrates an empty database and says so', () => {
    expect(statSync(join(dir, 'app', 'dist', 'node', 'server', 'main.js')).mode & 0o111).toBe(0o111);
    const journal = JSON.parse(readFileSync(join(repo, 'src', 'server', 'store', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(service.output).toMatch(new RegExp(`migrations\\s+${journal.entries.length} applied now, ${journal.entries.length} in all`));
    expect(service.output).toContain(`embedded, in ${join(dir, 'data', 'db')}`);
  });

  it('answers a visitor of a chatbot made with the key it printed', { timeout: 60_000 }, async () => {
    const added = await postJson(`${url}/chat/Chatbot/Add`, { timeZone: 'UTC', type: 0 }, { authorization: apiKey });
    expect(added.status, added.text).toBe(200);
    const serial = (JSON.parse(added.text) as { Data: { SerialNumber: string } }).Data.SerialNumber;
    const session = await postJson(`${url}/chat/Chatbot/GetSession`, { serialNumber: serial });
    const { SessionID, VisitorToken } = (JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }).Data;
    const reply = await postJson(`${url}/chat/Chat/ClientAsk`, { sessionID: SessionID, content: 'Hello?', stream: true, clientMessageId: 'q-1' }, { authorization: VisitorToken });
    expect(reply.status, reply.text).toBe(200);
    const final = reply.text.split('\n').filter((l) => l.startsWith('data: ')).at(-1)!;
    expect((JSON.parse(final.slice(6)) as { Answer: string }).Answer.length).toBeGreaterThan(0);
    const widget = await fetch(`${url}/chat-bot.js`);
    expect(widget.status).toBe(200);
    // A deployment has no demo unless DEMO says so: `/` leads to the console, which it serves.
    expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/console/');
    expect((await fetch(`${url}/console/`)).status).toBe(200);
    expect(await postJson(`${url}/chat/Chatbot/List`, {}, { authorization: apiKey }).then((r) => (JSON.parse(r.text) as { Data: unknown[] }).Data)).toHaveLength(1);
  });
});
