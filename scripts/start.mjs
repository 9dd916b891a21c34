#!/usr/bin/env node
/**
 * `npm start`: builds everything (`npm run build`), then serves it — the service from its sources
 * with its embedded database, the demo site, the console and the widget. The build's own output
 * (file tables, timings) is kept back and shown only if the build fails, so what a newcomer reads
 * is one line for the build and then the service's banner. `npm start -- --no-build` serves what
 * the last build left in dist/.
 *
 * Signals: Ctrl-C in a terminal reaches every process of its group — the service gets it itself,
 * so this script does not pass SIGINT on (a second one would mean "stop now" to the service). A
 * SIGTERM or SIGHUP sent to this process alone (npm passes its own on; a supervisor stops the
 * script it started) is passed to the service. Exits as the service does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const build = !args.includes('--no-build');

/** Runs `npm run build` with its output held; resolves once it succeeded, else shows that output and exits with its code. */
function buildQuietly() {
  const started = Date.now();
  console.log('Building the widget, the service and the demo (npm run build; its output is shown only if it fails)…');
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    // Ctrl-C during the build stops the build (it got the signal too), and then this script, quietly.
    let interrupted = false;
    process.on('SIGINT', () => (interrupted = true));
    child.on('error', (error) => {
      console.error(`npm start: could not run the build: ${error.message}`);
      process.exit(1);
    });
    child.on('close', (code, signal) => {
      if (code === 0) {
        console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
        resolve();
        return;
      }
      if (interrupted) process.exit(130);
      process.stdout.write(Buffer.concat(output));
      console.error(
        `\nnpm start: the build ${signal ? `was stopped (${signal})` : `failed (exit code ${code})`}; its output is above.`,
      );
      process.exit(code ?? 1);
    });
  });
}

if (build) await buildQuietly();

// Node with tsx's loader, not the tsx command: the service's workers (WORKERS) are forked with the
// same loader, and no process stands between it and the terminal's signals.
const service = spawn(
  process.execPath,
  ['--import', 'tsx', join(REPO, 'src', 'server', 'main.ts'), 'serve', '--demo'],
  { cwd: REPO, stdio: 'inherit' },
);
process.removeAllListeners('SIGINT');
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP'])
  process.on(signal, () => service.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
