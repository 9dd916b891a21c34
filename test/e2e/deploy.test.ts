/**
 * The deployable artifact (docs/OPERATING.md, "Deploying"): dist/ with package.json and package-lock.json,
 * copied to an empty directory, `npm ci --omit=dev`, started — the steps of its
 * Dockerfile, read from docs/OPERATING.md and run here without Docker (no image registry is reachable
 * from the test machines): each COPY copies from this repository, each RUN runs in the directory,
 * CMD is started as it is, its ENV applies but for the address and the data, which are the test's.
 * No src/, no development dependency: a file the service reads from outside dist/ fails here. Needs
 * `npm run build` first. Then the systemd unit of docs/OPERATING.md, read from it too, run as systemd would run
 * it on that same install (below).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedArtifact, type Recipe } from '../../scripts/artifact.mjs';
import { AFTER_CUT_MS, SHUTDOWN_DRAIN_MS } from '../../src/server/http/shutdown.ts';
import { postJson } from '../support/http.ts';
import { startProcess, type StartedProcess } from '../support/process.ts';

const repo = join(import.meta.dirname, '..', '..');

let dir: string;
let service: StartedProcess;
let url: string;
let apiKey: string;
let recipe: Recipe;
/** The installed artifact: the Dockerfile's WORKDIR. */
let app: string;

beforeAll(async () => {
  // The Dockerfile's COPY and RUN steps, read from docs/OPERATING.md (made before Vitest by npm test, kept by the manifests' hash: scripts/artifact.mjs).
  ({ app, recipe } = await installedArtifact());
  dir = await mkdtemp(join(tmpdir(), 'chat-bot-deploy-'));
  const [command = '', ...args] = recipe.cmd;
  // The data where the unit file and the image keep theirs is the test's own directory; the address, a free port on loopback.
  service = await startProcess(
    join(app, command),
    args,
    {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        HOME: join(dir, 'home'),
        ...recipe.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: join(dir, 'data'),
        LOG_LEVEL: 'warn',
      },
    },
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
    expect(existsSync(join(app, 'src'))).toBe(false);
    expect(existsSync(join(app, 'dist', 'node', 'server', 'store', 'migrations', 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'fastify'))).toBe(true);
    for (const tool of ['vitest', 'typescript', 'tsx', 'vite'])
      expect(existsSync(join(app, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts from its executable bin, migrates an empty database and says so', () => {
    expect(statSync(join(app, 'dist', 'node', 'server', 'main.js')).mode & 0o111).toBe(0o111);
    const journal = JSON.parse(
      readFileSync(join(repo, 'src', 'server', 'store', 'migrations', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(service.output).toMatch(
      new RegExp(`migrations\\s+${journal.entries.length} applied now, ${journal.entries.length} in all`),
    );
    expect(service.output).toContain(`embedded, in ${join(dir, 'data', 'db')}`);
  });

  it('answers a visitor of a chatbot made with the key it printed', { timeout: 60_000 }, async () => {
    const added = await postJson(`${url}/chat/Chatbot/Add`, { timeZone: 'UTC', type: 0 }, { authorization: apiKey });
    expect(added.status, added.text).toBe(200);
    const serial = (JSON.parse(added.text) as { Data: { SerialNumber: string } }).Data.SerialNumber;
    const session = await postJson(`${url}/chat/Chatbot/GetSession`, { serialNumber: serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    const reply = await postJson(
      `${url}/chat/Chat/ClientAsk`,
      { sessionID: SessionID, content: 'Hello?', stream: true, clientMessageId: 'q-1' },
      { authorization: VisitorToken },
    );
    expect(reply.status, reply.text).toBe(200);
    const final = reply.text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .at(-1)!;
    expect((JSON.parse(final.slice(6)) as { Answer: string }).Answer.length).toBeGreaterThan(0);
    const widget = await fetch(`${url}/chat-bot.js`);
    expect(widget.status).toBe(200);
    // A deployment has no demo unless DEMO says so: `/` leads to the console, which it serves.
    expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/console/');
    expect((await fetch(`${url}/console/`)).status).toBe(200);
    expect(
      await postJson(`${url}/chat/Chatbot/List`, {}, { authorization: apiKey }).then(
        (r) => (JSON.parse(r.text) as { Data: unknown[] }).Data,
      ),
    ).toHaveLength(1);
  });
});

/** The [Service] section of the systemd unit of docs/OPERATING.md, as key → values (a key may repeat). */
function unitFile(): Map<string, string[]> {
  const readme = readFileSync(join(repo, 'docs/OPERATING.md'), 'utf8');
  const block = /```ini\n# \/etc\/systemd\/system\/chat-bot\.service\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('docs/OPERATING.md has no ```ini block of /etc/systemd/system/chat-bot.service');
  const service = new Map<string, string[]>();
  let section = '';
  for (const line of block[1]!.split('\n').map((l) => l.trim())) {
    if (/^\[.+\]$/.test(line)) section = line;
    else if (section === '[Service]' && line && !line.startsWith('#')) {
      const at = line.indexOf('=');
      const key = line.slice(0, at);
      service.set(key, [...(service.get(key) ?? []), line.slice(at + 1)]);
    }
  }
  return service;
}

/** An EnvironmentFile as systemd reads it: KEY=VALUE lines, `#` and `;` comments, quotes around a value removed. */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#') || line.startsWith(';') || !line.includes('=')) continue;
    const at = line.indexOf('=');
    env[line.slice(0, at).trim()] = line
      .slice(at + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2');
  }
  return env;
}

describe('stopping it', () => {
  it('is given more time than the drain and the wait after it: `docker run --stop-timeout`, the unit’s TimeoutStopSec', () => {
    const readme = readFileSync(join(repo, 'docs/OPERATING.md'), 'utf8');
    const run = /`(docker run [^`]*)`/.exec(readme)?.[1] ?? '';
    expect(run).toContain('chat-bot');
    const stopTimeout = Number(/--stop-timeout[= ](\d+)/.exec(run)?.[1] ?? 0);
    const stopSec = Number(unitFile().get('TimeoutStopSec')?.[0] ?? 0);
    const needed = (SHUTDOWN_DRAIN_MS + AFTER_CUT_MS) / 1000;
    expect(stopTimeout, run).toBeGreaterThan(needed);
    expect(stopSec).toBeGreaterThan(needed);
  });
});

describe('the systemd unit', () => {
  it(
    'runs the artifact installed as docs/OPERATING.md says: ExecStart in WorkingDirectory, EnvironmentFile and Environment, an unprivileged user that can write only its DATA_DIR; SIGTERM ends it within TimeoutStopSec',
    { timeout: 120_000 },
    async () => {
      const unit = unitFile();
      const one = (key: string) => {
        const values = unit.get(key);
        expect(values, key).toHaveLength(1);
        return values![0]!;
      };
      // The places docs/OPERATING.md names, here: the artifact the Dockerfile steps installed above is /opt/chat-bot.
      const places: [string, string][] = [
        ['/opt/chat-bot', app],
        ['/etc/chat-bot', join(dir, 'etc')],
        ['/var/lib/chat-bot', join(dir, 'state')],
      ];
      const here = (path: string) =>
        places.reduce((p, [from, to]) => (p.startsWith(from) ? to + p.slice(from.length) : p), path);
      // `sudo cp .env.example /etc/chat-bot/env` — "uncomment what you set": the port, a free one here.
      const envFile = here(one('EnvironmentFile').replace(/^-/, ''));
      await mkdir(dirname(envFile), { recursive: true });
      const example = await readFile(join(repo, '.env.example'), 'utf8');
      expect(example).toMatch(/^# PORT=8787$/m);
      await writeFile(envFile, example.replace(/^# PORT=8787$/m, 'PORT=0'));
      const environment = Object.fromEntries(
        unit
          .get('Environment')!
          .map((pair) => [pair.slice(0, pair.indexOf('=')), here(pair.slice(pair.indexOf('=') + 1))]),
      );
      expect(environment.DATA_DIR).toBe(join(dir, 'state'));
      // StateDirectory=chat-bot with DynamicUser=yes: systemd makes /var/lib/chat-bot, owned by the user it picks for the run.
      expect(one('StateDirectory')).toBe('chat-bot');
      expect(one('DynamicUser')).toBe('yes');
      await mkdir(environment.DATA_DIR!, { recursive: true });
      // As root (CI), the user is `nobody`, and everything but DATA_DIR is root's: a write anywhere else
      // fails, as under ProtectSystem=strict. (Elsewhere the test runs as the user it is.)
      const asRoot = process.getuid?.() === 0;
      const user = asRoot ? { uid: 65_534, gid: 65_534 } : {};
      if (asRoot) {
        await chmod(dir, 0o755);
        await chown(environment.DATA_DIR!, 65_534, 65_534);
      }
      // The environment systemd gives a service: its PATH (and Node's own folder, where that is not on it), HOME / for a dynamic user;
      // then Environment=, then the EnvironmentFile, whose settings win.
      const systemPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
      const path = systemPath.split(':').includes(dirname(process.execPath))
        ? systemPath
        : `${systemPath}:${dirname(process.execPath)}`;
      const env: Record<string, string> = {
        PATH: path,
        HOME: '/',
        ...environment,
        ...environmentFile(await readFile(envFile, 'utf8')),
      };
      expect(env.PORT).toBe('0');
      const started = await startProcess(
        here(one('ExecStart')),
        [],
        { cwd: here(one('WorkingDirectory')), env, ...user },
        /Owner API key[\s\S]*cbk_\S+/,
      );
      try {
        if (asRoot)
          expect(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${started.pid}/status`, 'utf8'))?.[1]).toBe('65534');
        const address = /listening on (\S+)/.exec(started.output)![1]!;
        expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(started.output).toContain(`embedded, in ${join(dir, 'state', 'db')}`);
        const key = /(cbk_\S+)/.exec(started.output)![1]!;
        const added = await postJson(
          `${address}/chat/Chatbot/Add`,
          { timeZone: 'UTC', type: 0 },
          { authorization: key },
        );
        expect(added.status, added.text).toBe(200);
      } finally {
        const t0 = Date.now();
        await started.stop();
        const ended = await started.exited;
        expect(ended).toEqual({ code: 0, signal: null });
        expect(Date.now() - t0).toBeLessThan(Number(one('TimeoutStopSec')) * 1000);
      }
    },
  );
});
