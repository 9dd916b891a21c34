// Debian's Chromium through playwright-core, a fresh profile per launch, always cleaned up; and the
// time limits every script runs under.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './env.mjs';

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // An unfocused headless page must keep its timers and animation frames at full speed.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

const open = new Set();

export async function launch({ viewport = { width: 1280, height: 800 } } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-bench-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROME_ARGS,
    viewport,
    timeout: 60_000,
  });
  const handle = {
    ctx,
    version: ctx.browser()?.version?.() || '',
    async close() {
      open.delete(handle);
      await Promise.race([ctx.close().catch(() => {}), sleep(10_000)]);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  open.add(handle);
  return handle;
}

/** The version of the Chromium binary, for the record (launches nothing when a browser is open). */
export async function chromiumVersion() {
  const b = await launch();
  try {
    return b.version;
  } finally {
    await b.close();
  }
}

export async function closeAll() {
  await Promise.all([...open].map((h) => h.close()));
}

/** A hard limit for the whole script: closes the browsers and exits with 3. */
export function globalDeadline(seconds, label) {
  const t = setTimeout(async () => {
    console.error(`\n[${label}] the script's limit of ${seconds} s was reached: stopping.`);
    await Promise.race([closeAll(), sleep(5000)]);
    process.exit(3);
  }, seconds * 1000);
  t.unref();
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, async () => {
      await closeAll();
      process.exit(130);
    });
}

/** Rejects when `promise` takes longer than `ms` (a run's own limit). */
export async function withTimeout(promise, ms, what) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`over its limit of ${ms} ms: ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The renderer main thread's counters: CPU time (threadTicks) or wall time (timeTicks) in tasks. */
export async function metricsSession(ctx, page, timeDomain) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain });
  return async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
}
