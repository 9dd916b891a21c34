/**
 * Browser-project setup: axe assertions on Vitest's chai, and a failing test for any Lit
 * dev-mode warning (the "dev mode" notice itself is expected under Vitest and skipped).
 */
import { afterEach, beforeEach, chai } from 'vitest';
import { chaiA11yAxe } from 'chai-a11y-axe';
import { litWarnings, takeLitWarnings } from '../support/lit-warnings.ts';

chai.use(chaiA11yAxe);

declare global {
  var litIssuedWarnings: Set<string | undefined> | undefined;
  // chai's types are a namespace: an assertion is added by merging into it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Chai {
    interface Assertion {
      accessible(options?: { ignoredRules?: string[]; ignoredTags?: string[] }): Promise<void>;
    }
  }
}

// Lit skips warnings whose code is already in this set; it must exist before lit loads.
globalThis.litIssuedWarnings ??= new Set();
globalThis.litIssuedWarnings.add('dev-mode');

const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (text.includes('lit.dev/msg/')) litWarnings().push(text);
  warn(...args);
};

beforeEach(() => {
  takeLitWarnings();
  // Lit warns once per message per page; forget those already issued so every test sees its own.
  for (const w of [...(globalThis.litIssuedWarnings ?? [])])
    if (w !== 'dev-mode') globalThis.litIssuedWarnings?.delete(w);
});

afterEach(() => {
  const found = takeLitWarnings();
  if (found.length > 0) throw new Error(`Lit dev-mode warning(s) during the test:\n${found.join('\n')}`);
});
