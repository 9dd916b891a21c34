/**
 * The extraction thread's entry (extract-thread.ts starts it): plain JavaScript, so that it starts
 * both from a compiled dist/ (extract-job.js beside it) and from the sources (extract-job.ts,
 * loaded through tsx, as `npm run dev` and the tests run the service). Each message
 * `{ id, job }` is answered `{ id, ok: true, result }` or `{ id, ok: false, error: { name, message, code } }`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('extract-worker.mjs runs as a worker thread (knowledge/extract-thread.ts starts it)');

const compiled = new URL('./extract-job.js', import.meta.url);
async function load() {
  if (existsSync(fileURLToPath(compiled))) return import(compiled.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL('./extract-job.ts', import.meta.url).href);
}
const { runJob } = await load();

port.on('message', async ({ id, job }) => {
  try {
    port.postMessage({ id, ok: true, result: await runJob(job) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id, ok: false, error: { name: e.name, message: e.message, code: e.code, stack: e.stack } });
  }
});
