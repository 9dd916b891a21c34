/** The client in Chromium against the real service, cross-origin: a visitor's streamed ask, end to end. */
import { describe, expect, inject, it } from 'vitest';
import { createClient, type AskStreamItem } from '../../src/client/index.ts';

describe('a visitor in the browser', () => {
  it('starts a session, reads public settings and streams an answer from the service', async () => {
    const baseUrl = inject('apiOrigin');
    const serialNumber = inject('serialNumber');
    const session = await createClient({ baseUrl }).getSession({ serialNumber });
    const client = createClient({ baseUrl, visitorToken: session.VisitorToken });
    expect(await client.get({ serialNumber })).toMatchObject({ Name: 'Browser test bot', TalkToHumanEnabled: false });
    const items: AskStreamItem[] = [];
    for await (const item of client.askStream({
      sessionID: session.SessionID,
      content: 'Hello',
      clientMessageId: crypto.randomUUID(),
    }))
      items.push(item);
    const fragments = items.filter((i) => i.kind === 'fragment');
    const final = items.at(-1);
    expect(fragments.length).toBeGreaterThan(3);
    expect(final).toMatchObject({
      kind: 'final',
      Answer: fragments.map((f) => (f.kind === 'fragment' ? f.content : '')).join(''),
    });
    expect(final?.kind === 'final' && final.Answer).toContain('Browser test bot');
  });

  it('is refused by the service with a clear error when the API key is wrong', async () => {
    const client = createClient({ baseUrl: inject('apiOrigin'), apiKey: 'cbk_wrong' });
    await expect(client.modelList()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });
});
