/** Where the package's own files are, whether it runs from src/ (tsx) or from dist/node/ (the bin). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'chat-bot') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The chat-bot package root was not found above the server files');
    dir = parent;
  }
}
