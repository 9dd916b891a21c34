/**
 * How long each test file took in a whole `npm test` on the 2-core machine (test/durations.json,
 * written by `TEST_DURATIONS=write npm test`: test/setup/run-report.ts). A fresh clone has no
 * Vitest cache to order its files by, and Vitest's fallback — the largest file first — starts a
 * 99-line file that takes 40 s last; with these times each lane starts its longest files first and
 * its workers end together.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DURATIONS_FILE = join(import.meta.dirname, '..', 'durations.json');

/** The key of a file in a project (lane): "e2e test/e2e/site.test.ts". */
export const durationKey = (project: string, file: string): string => `${project} ${file}`;

/** Seconds by key; empty where the file is missing. */
export function readDurations(): Record<string, number> {
  return existsSync(DURATIONS_FILE) ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>) : {};
}
