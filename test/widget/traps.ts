/**
 * Page-level traps for the XSS tests of a file: a dialog, a print or a Content-Security-Policy
 * violation while its tests run is recorded in the list returned (its tests expect it empty).
 */
import { afterAll, beforeAll } from 'vitest';

export function trapScripts(): string[] {
  const sprung: string[] = [];
  const trapped = ['alert', 'confirm', 'prompt', 'print'] as const;
  const originals = trapped.map((name) => window[name]);
  const onViolation = (e: SecurityPolicyViolationEvent) =>
    sprung.push(`securitypolicyviolation ${e.violatedDirective} ${e.blockedURI}`);
  beforeAll(() => {
    for (const name of trapped)
      Object.defineProperty(window, name, { configurable: true, writable: true, value: () => void sprung.push(name) });
    document.addEventListener('securitypolicyviolation', onViolation);
  });
  afterAll(() => {
    trapped.forEach((name, k) =>
      Object.defineProperty(window, name, { configurable: true, writable: true, value: originals[k] }),
    );
    document.removeEventListener('securitypolicyviolation', onViolation);
  });
  return sprung;
}
