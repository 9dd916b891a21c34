/**
 * The Node.js versions package.json claims (`engines`) are the ones that work: every installed
 * package (the lockfile's, development ones included, since `npm install` checks them all) admits
 * the first release of each line the claim names, and the built service — the bin `npm start`
 * runs — starts on its embedded database, serves the script tag's file and streams an answer on
 * the newest release of every later LTS line. The tests themselves run on the machine's Node (the
 * first line); the others are the official binaries npm publishes as `node-<platform>-<arch>`,
 * fetched once into node_modules/.cache (scripts/node-binaries.mjs, which .ci/run runs first).
 * `npm test` starts the service on the newest line and one other (VARIANT_SEED), `npm run soak` on each.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { OTHER_LINES, nodeBinary } from '../scripts/node-binaries.mjs';
import { createClient, type AskStreamItem } from '../src/client/index.ts';
import { startBin } from './support/bin.ts';
import { variants } from './support/sample.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..');

const claim = async (): Promise<string> =>
  (JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

describe('the Node.js versions package.json claims', () => {
  it('cover the Node running these tests and every line tested below', async () => {
    const range = await claim();
    expect(semver.satisfies(process.version, range), `${process.version} against ${range}`).toBe(true);
    for (const version of OTHER_LINES)
      expect(semver.satisfies(version, range), `${version} against ${range}`).toBe(true);
  });

  it('are admitted by every installed package, from the first release of each claimed line', async () => {
    const range = await claim();
    const firsts = range.split('||').map((part) => semver.minVersion(part)!.version);
    expect(firsts.length).toBeGreaterThan(0);
    const lock = JSON.parse(await readFile(join(repo, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusals: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !wanted) continue;
      for (const version of [...firsts, ...OTHER_LINES]) {
        if (!semver.satisfies(version, wanted))
          refusals.push(
            `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}, not ${version}`,
          );
      }
    }
    expect(refusals).toEqual([]);
  });

  describe.concurrent('the service on the newest release of each later LTS line', () => {
    const newest = OTHER_LINES.at(-1)!;
    for (const version of [...variants(OTHER_LINES.slice(0, -1), 'engines'), newest]) {
      it(`runs on Node ${version}: starts, serves the widget's script, streams an answer`, async () => {
        const node = await nodeBinary(version);
        expect((await run(node, ['--version'])).stdout.trim()).toBe(`v${version}`);
        // The newest line from an empty data directory, as a first `npm start` (PGlite's initdb
        // included); the others on a copy of the migrated database, as the rest of the tests.
        const bin = await startBin({}, { node, fresh: version === newest });
        try {
          const script = await fetch(`${bin.url}/chat-bot.js`);
          expect(script.status).toBe(200);
          expect(script.headers.get('content-type')).toMatch(/javascript/);
          const session = await createClient({ baseUrl: bin.url }).getSession({ serialNumber: bin.serial });
          const visitor = createClient({ baseUrl: bin.url, visitorToken: session.VisitorToken });
          const items: AskStreamItem[] = [];
          for await (const item of visitor.askStream({
            sessionID: session.SessionID,
            content: '3 bedroom homes in Austin',
          }))
            items.push(item);
          expect(items.filter((item) => item.kind === 'fragment').length).toBeGreaterThan(1);
          expect(items.at(-1)).toMatchObject({ kind: 'final' });
        } finally {
          await bin.close();
        }
      }, 180_000);
    }
  });
});
