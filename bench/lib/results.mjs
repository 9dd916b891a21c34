// The machine a run was measured on, and where its JSON goes (bench/results/<name>-<timestamp>.json).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULTS_DIR, ROOT_DIR } from './env.mjs';

export function machine(chromium = '') {
  let cpuModel = os.cpus()[0]?.model ?? '';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {}
  return {
    cpuModel,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/** The commit measured, and whether the working tree had changes on top of it. */
export function source() {
  const git = (...a) =>
    execFileSync('git', a, { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      changedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length,
    };
  } catch {
    return null;
  }
}

/** Writes the results; returns the file's path relative to bench/ (never an absolute path). */
export function writeResults(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ name, date: new Date().toISOString(), source: source(), ...data }, null, 1) + '\n',
  );
  return path.relative(path.join(RESULTS_DIR, '..'), file);
}
