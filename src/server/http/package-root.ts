/** Where the package's own files are, whether it runs from src/ (tsx) or from dist/node/ (the bin); and DATA_DIR's default. */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The name the package is published under (npm: `chat-bot` is another project's). */
export const PACKAGE_NAME = 'chat-bot-element';

export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME)
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The ${PACKAGE_NAME} package root was not found above the server files`);
    dir = parent;
  }
}

/**
 * DATA_DIR when it is not set: never relative to the working directory, which differs between a
 * shell, a unit file and a container. Run from the sources (`npm start`, tsx), the package's own
 * `.data`; compiled (the bin, a deployed dist/), `$XDG_DATA_HOME/chat-bot`, else
 * `~/.local/share/chat-bot` (the XDG base directories' place for a user's application data).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, from: string = import.meta.url): string {
  if (from.endsWith('.ts')) return join(packageRoot(from), '.data');
  // The XDG specification ignores a relative XDG_DATA_HOME.
  const xdg =
    env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(xdg, 'chat-bot');
}
