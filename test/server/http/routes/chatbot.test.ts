import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/index.ts';
import {
  PRIVATE_SETTINGS,
  SETTING_NAMES,
  type EditBody,
  type FullSettings,
  type PublicSettings,
} from '../../../../src/protocol/index.ts';
import { startService, type TestService } from '../../../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** A value for every setting, each different from the defaults. */
const everySetting = {
  Name: 'Harbor Homes',
  Model: 'offline',
  SystemMessage: 'You are a careful real-estate assistant.',
  Temperature: 3,
  TimeZone: 'Europe/Madrid',
  AnswerSuffix: '— Harbor Homes team',
  ChatBubbleAlign: 1,
  ChatBubbleColor: 'rgb(12, 74, 110)',
  UserMessageColor: 'rgb(240,240,240)',
  ChatbotPopupOnce: true,
  ChatbotPrivacyPolicyName: 'Our privacy policy',
  ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
  ChatbotPrivacyPolicyDescription: 'We keep chats for 30 days.',
  EnablePushToTalk: true,
  EnableUploadImage: true,
  SocialPageUrl: 'https://social.example/harbor',
  PhotoSocialUrl: 'https://photos.example/harbor',
  MessengerUrl: 'https://messenger.example/harbor',
  RemoveChatLogOnBrowserClose: true,
  SuggestedMessage: 'Homes with a view\nRentals near the harbor',
  TalkToHumanEmail: 'agents@harbor.example',
  TalkToHumanResponseMessage: 'An agent will call you back.',
  UserInputPlaceholder: 'Ask Harbor Homes…',
  WelcomeMessage: 'Welcome aboard!',
  RateLimitMessage: 'Slow down a little, please.',
  VerifyDomain: true,
  Domains: 'harbor.example, *.harbor.example',
  RateLimitCount: 30,
  RateLimitTime: 60,
  CustomDomain: 'chat.harbor.example',
  EmailForDailyChatLogs: 'logs@harbor.example',
  EmailForDailyLeads: 'leads@harbor.example',
  AIResponseLanguage: 'Spanish',
  MessageLimit: 5000,
  MortgageRate: 6.875,
} satisfies Omit<EditBody, 'serialNumber' | 'ChatProfilePicture' | 'ChatIcon'>;

describe('Add', () => {
  it('creates a chatbot with a 32-hex serial number and sensible defaults', async () => {
    const { SerialNumber } = await service.owner.add({ timeZone: 'America/New_York', type: 0 });
    expect(SerialNumber).toMatch(/^[0-9a-f]{32}$/);
    const settings = (await service.owner.get({ serialNumber: SerialNumber })) as FullSettings;
    expect(settings).toMatchObject({
      SerialNumber,
      TimeZone: 'America/New_York',
      Model: 'offline',
      MessageLimit: -1,
      VerifyDomain: false,
      ChatBubbleAlign: 0,
      MortgageRate: 6.5,
    });
    expect(Object.keys(settings)).toEqual(expect.arrayContaining(SETTING_NAMES));
  });

  it('takes any setting as it creates', async () => {
    const serial = await service.newChatbot({ Name: 'Bay Realty', ChatBubbleColor: 'rgb(1,2,3)' });
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      Name: 'Bay Realty',
      ChatBubbleColor: 'rgb(1,2,3)',
    });
  });

  it('stores the canonical name of the time zone it is given', async () => {
    const { SerialNumber } = await service.owner.add({ timeZone: 'europe/berlin', type: 0 });
    expect(await service.owner.get({ serialNumber: SerialNumber })).toMatchObject({ TimeZone: 'Europe/Berlin' });
  });

  it('refuses a model the service does not offer', async () => {
    await expect(service.owner.add({ timeZone: 'UTC', type: 0, Model: 'gpt-99' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('"Model" must be a Key from ModelList'),
    });
  });
});

describe('Edit', () => {
  it('sets every setting, and Get returns each as it was set', async () => {
    const serial = await service.newChatbot();
    expect(await service.owner.edit({ serialNumber: serial, ...everySetting })).toBe(1);
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject(everySetting);
  });

  it('leaves omitted and null settings unchanged', async () => {
    const serial = await service.newChatbot({ Name: 'Before', WelcomeMessage: 'Hi there' });
    await service.owner.edit({ serialNumber: serial, Name: 'After', WelcomeMessage: null });
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      Name: 'After',
      WelcomeMessage: 'Hi there',
    });
  });

  it('matches property names case-insensitively', async () => {
    const serial = await service.newChatbot();
    const res = await fetch(`${service.origin}/chat/Chatbot/Edit`, {
      method: 'POST',
      headers: { authorization: service.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ SERIALNUMBER: serial, chatbubblecolor: 'rgb(9, 9, 9)', name: 'Lower' }),
    });
    expect(res.status).toBe(200);
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      ChatBubbleColor: 'rgb(9, 9, 9)',
      Name: 'Lower',
    });
  });

  it.each([
    ['ChatBubbleColor', 'rgb(300,0,0)', '"ChatBubbleColor" must be rgb(r,g,b)'],
    ['Temperature', 12, '"Temperature" must be an integer from 0 to 10'],
    ['TimeZone', 'Moon/Base', '"TimeZone" must be an IANA time zone name'],
    ['Domains', 'good.example, bad host', '"bad host" is not one'],
    [
      'SuggestedMessage',
      Array.from({ length: 11 }, (_, i) => `q${i}`).join('\n'),
      '"SuggestedMessage" must be at most 10 lines',
    ],
    ['TalkToHumanEmail', 'not-an-email', '"TalkToHumanEmail" must be an email address or empty'],
    ['MessageLimit', -5, '"MessageLimit" must be an integer from -1'],
    ['MortgageRate', 26, '"MortgageRate" must be a yearly rate in percent from 0 to 25'],
    ['ChatProfilePicture', '999999', '"ChatProfilePicture" must be the FileStoreId of an image you uploaded'],
    ['ChatIcon', '99999999999', '"ChatIcon" must be the FileStoreId of an image you uploaded'],
  ])('refuses a bad %s with a message naming it, and stores nothing of the request', async (field, value, message) => {
    const serial = await service.newChatbot({ Name: 'Unchanged' });
    const before = await service.owner.get({ serialNumber: serial });
    const error = await service.owner
      .edit({ serialNumber: serial, Name: 'Changed', [field]: value } as EditBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 400, message: expect.stringContaining(message) });
    expect(await service.owner.get({ serialNumber: serial })).toEqual(before);
  });

  it.each(SETTING_NAMES)(
    'begins a 400 about %s with its name as API.md spells it, whatever the casing sent',
    async (field) => {
      const serial = await service.newChatbot();
      const res = await fetch(`${service.origin}/chat/Chatbot/Edit`, {
        method: 'POST',
        headers: { authorization: service.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ serialNumber: serial, [field.toLowerCase()]: { not: 'a setting value' } }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { Message: string }).Message).toMatch(new RegExp(`^"${field}" `));
    },
  );

  it('accepts the owner session key, so the console can edit without keeping the API key', async () => {
    const serial = await service.newChatbot({ Name: 'Before' });
    const consoleClient = service.client({ sessionKey: (await service.owner.sessionKey()).SessionKey });
    expect(await consoleClient.edit({ serialNumber: serial, Name: 'Edited in the console' })).toBe(1);
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({ Name: 'Edited in the console' });
  });

  it('answers 404 for a chatbot that does not exist', async () => {
    await expect(service.owner.edit({ serialNumber: 'f'.repeat(32), Name: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('keeps concurrent edits of different settings', async () => {
    const serial = await service.newChatbot();
    await Promise.all([
      service.owner.edit({ serialNumber: serial, Name: 'Concurrent' }),
      service.owner.edit({ serialNumber: serial, WelcomeMessage: 'Both kept' }),
      service.owner.edit({ serialNumber: serial, ChatBubbleAlign: 1 }),
    ]);
    expect(await service.owner.get({ serialNumber: serial })).toMatchObject({
      Name: 'Concurrent',
      WelcomeMessage: 'Both kept',
      ChatBubbleAlign: 1,
    });
  });
});

describe('Get for visitors', () => {
  it('shows the public settings and never a secret one', async () => {
    const { TimeZone: _zone, ...settings } = everySetting;
    const serial = await service.newChatbot({ ...settings, VerifyDomain: false });
    const { client } = await service.visitor(serial);
    const shown = (await client.get({ serialNumber: serial })) as PublicSettings;
    expect(shown).toMatchObject({
      Name: 'Harbor Homes',
      WelcomeMessage: 'Welcome aboard!',
      TalkToHumanEnabled: true,
      ChatBubbleAlign: 1,
    });
    const text = JSON.stringify(shown);
    for (const secret of PRIVATE_SETTINGS) expect(Object.keys(shown)).not.toContain(secret);
    for (const value of [
      'careful real-estate',
      'agents@harbor.example',
      'logs@harbor.example',
      'leads@harbor.example',
      '— Harbor Homes team',
      'chat.harbor.example',
    ])
      expect(text).not.toContain(value);
  });

  it('are also shown without any credential to an allowed page', async () => {
    const serial = await service.newChatbot({ Name: 'Open bot' });
    expect(await service.client().get({ serialNumber: serial })).toMatchObject({
      Name: 'Open bot',
      TalkToHumanEnabled: false,
    });
  });

  it('refuse a visitor token of another chatbot', async () => {
    const [a, b] = [await service.newChatbot(), await service.newChatbot()];
    const { client } = await service.visitor(a);
    await expect(client.get({ serialNumber: b })).rejects.toMatchObject({ status: 403 });
  });
});

describe('GetSession', () => {
  it('gives a visitor a session, a token and its expiry (24 h)', async () => {
    const serial = await service.newChatbot();
    const before = service.clock.now().getTime();
    const session = await service.client().getSession({ serialNumber: serial });
    expect(session.SessionID).toBeGreaterThan(0);
    expect(session.VisitorToken).toMatch(/^vt1\./);
    expect(Date.parse(session.ExpiresAt!) - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
  });

  it('gives the owner a session without a visitor token', async () => {
    const serial = await service.newChatbot();
    const session = await service.owner.getSession({ serialNumber: serial });
    expect(session.SessionID).toBeGreaterThan(0);
    expect(session.VisitorToken).toBeUndefined();
  });

  it('answers 404 for an unknown chatbot', async () => {
    await expect(service.client().getSession({ serialNumber: 'e'.repeat(32) })).rejects.toMatchObject({ status: 404 });
  });
});

describe('ModelList and SessionKey', () => {
  it('lists the models with Key, Value and Status', async () => {
    expect(await service.owner.modelList()).toEqual([{ Key: 'offline', Value: expect.any(String), Status: true }]);
  });

  it('issues an owner session key that works for reads and listings for 24 hours', async () => {
    const serial = await service.newChatbot({ Name: 'Console' });
    const { SessionKey, ExpiresAt } = await service.owner.sessionKey();
    const consoleClient = service.client({ sessionKey: SessionKey });
    expect(await consoleClient.get({ serialNumber: serial })).toMatchObject({ Name: 'Console', SystemMessage: '' });
    expect(await consoleClient.realEstateList({ SerialNumber: serial })).toEqual({ Items: [], Total: 0 });
    expect(Date.parse(ExpiresAt) - service.clock.now().getTime()).toBeGreaterThan(23 * 3600 * 1000);
    service.clock.advance(24 * 3600 * 1000 + 1000);
    try {
      await expect(consoleClient.get({ serialNumber: serial })).rejects.toMatchObject({ status: 401 });
    } finally {
      service.clock.advance(-(24 * 3600 * 1000 + 1000));
    }
  });
});
