#!/usr/bin/env node
/**
 * The official Node.js binaries test/engines.test.ts runs the built service on: the newest release
 * of each LTS line after the machine's, as npm publishes them (`node-<platform>-<arch>`), fetched
 * once into node_modules/.cache/chat-bot-node. `.ci/run` fetches them beside the example apps'
 * installs, so that the test finds them; the test fetches what is missing.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The newest release of each LTS line after the machine's, when this was last checked. */
export const OTHER_LINES = ['22.23.3', '24.21.0', '26.10.0'];

/** The official Node.js binary of a version, from the npm registry (cached: later runs reuse it). */
export async function nodeBinary(version) {
  const dir = join(REPO, 'node_modules', '.cache', 'chat-bot-node', version);
  const bin = join(dir, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  await mkdir(dir, { recursive: true });
  const name = `node-${process.platform}-${process.arch}@${version}`;
  const { stdout } = await run('npm', ['pack', name, '--json', '--silent', '--pack-destination', dir], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const tarball = join(dir, JSON.parse(stdout)[0].filename);
  await run('tar', ['xzf', tarball, '-C', dir, 'package/bin/node']);
  await rm(tarball);
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await Promise.all(OTHER_LINES.map(nodeBinary));
  console.log(
    `node-binaries: Node ${OTHER_LINES.join(', ')} in node_modules/.cache/chat-bot-node (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}
