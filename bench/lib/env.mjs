// Where things are. Everything outside bench/ can be moved by an environment variable.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(BENCH_DIR, '..');
/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The built widget, served at /widget/ (`npm run build` at the root makes it). */
export const WIDGET_DIR = path.resolve(process.env.WIDGET_DIR || path.join(ROOT_DIR, 'dist'));
/** JSON results: <name>-<timestamp>.json. */
export const RESULTS_DIR = path.resolve(process.env.BENCH_RESULTS_DIR || path.join(BENCH_DIR, 'results'));
/** Generated bundles (gitignored), served at /tmp/. */
export const TMP_DIR = path.resolve(process.env.BENCH_TMP_DIR || path.join(BENCH_DIR, '.tmp'));
/** The benchmarks' own packages: the widgets compared with ours and the baselines' libraries (served at /nm/). */
export const NODE_MODULES = path.resolve(process.env.BENCH_NODE_MODULES || path.join(BENCH_DIR, 'node_modules'));
