import { describe, expect, inject, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { fragments } from '../support/samples.ts';
import { postsAfter, streamContract } from '../support/stream-contract.ts';
import { scenario } from '../support/wire.ts';

// Chromium: fetch and the protocol's SSE parser, cross-origin to the loopback server (CORS exercised).
streamContract(() => inject('wireOrigin'));

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('askStream in a tab that is hidden and shown again', () => {
  it('keeps the one request going and sends exactly one POST', async () => {
    const wire = scenario(inject('wireOrigin'), 'stream-gated');
    const client = createClient({ baseUrl: wire.baseUrl, visitorToken: 'vt.1' });
    const it = client.askStream({ sessionID: 42, content: 'Homes in Austin?' })[Symbol.asyncIterator]();
    try {
      expect((await it.next()).value).toEqual({ kind: 'fragment', content: fragments[0] });
      setHidden(true);
      setHidden(false);
      const rest: string[] = [];
      for (let i = 1; i <= fragments.length; i++) {
        await wire.release();
        const next = await it.next();
        if (next.value?.kind === 'fragment') rest.push(next.value.content);
        else expect(next.value?.kind).toBe('final');
      }
      expect(rest).toEqual(fragments.slice(1));
      expect(await postsAfter(wire, 300)).toBe(1);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      delete (document as { visibilityState?: string }).visibilityState;
    }
  });
});
