/// <reference types="vite/client" />
/**
 * Public XSS corpora, read from their npm packages (devDependencies, exact versions):
 * - the "Script Injection" section of the Big List of Naughty Strings (blns.txt), one string a line;
 * - the fuzz seeds of Yahoo's xss-filters (tests/fuzz/bin/seed.xss), one payload a line.
 * For the browser tests (Vite's ?raw import) and node tests alike.
 */
import blns from 'big-list-of-naughty-strings/blns.txt?raw';
import seeds from 'xss-filters/tests/fuzz/bin/seed.xss?raw';

/** The strings of one section of blns.txt: a section starts at "#\tTitle" followed by a line "#". */
function blnsSection(text: string, title: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line, i) => line === `#\t${title}` && lines[i + 1] === '#');
  if (start < 0) throw new Error(`blns.txt has no section "${title}"`);
  const out: string[] = [];
  for (let i = start + 2; i < lines.length; i++) {
    if (lines[i]!.startsWith('#\t') && lines[i + 1] === '#') break;
    if (lines[i]!.startsWith('#') || lines[i]!.trim() === '') continue;
    out.push(lines[i]!);
  }
  return out;
}

export const naughtyScripts: readonly string[] = blnsSection(blns, 'Script Injection');
export const xssFilterSeeds: readonly string[] = seeds.split('\n').filter((line) => line.trim() !== '');
