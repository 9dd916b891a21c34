/**
 * One valid request body and one Data per operation, written from API.md's descriptions and
 * examples. The wire server answers with these; the schema tests accept them.
 */
import type { BodyOf, DataOf, OperationName } from '../../src/protocol/index.ts';

export const SERIAL = '0f9c2a6b8e4d4c1fa3b7d5e6f8091a2b';

const listingFields = {
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  PropertyType: 'Single Family',
  Bedrooms: 3,
  Bathrooms: 2.5,
  Url: 'https://homes.example.com/listing/12-oak-st',
  MLSNumber: 'MLS-12345',
  YearBuilt: 1998,
  DaysOnMarket: 12,
  LotArea: 6500,
  BuildingArea: 1850,
  AreaUnit: 'Square Feet',
  ParkingSpots: 2,
} as const;

export const listingRead: DataOf<'RealEstateGet'> = {
  Id: '0192f0c1-7a4e-7cc2-9d1e-4b9f2a6c8e10',
  ...listingFields,
  Images: ['https://img.example.com/12-oak-st/1.jpg'],
  Tours: '3D',
  Description: 'Bright family home near the park.',
  ExtensionColumn: [{ Key: 'View', value: 'Park' }],
  Location: 'North side',
  Address: '12 Oak St',
  City: 'Austin',
  State: 'TX',
  ZIP: '78701',
  Latitude: 30.27,
  Longitude: -97.74,
  SalePrice: 489000,
  UnitAreaPrice: 264,
  HOAMonth: 45,
  EstimatePrice: 495000,
  RentPrice: null,
  SpaceType: 'Entire place',
  DepositFee: null,
  CreatedAt: '2026-11-01T10:00:00.000Z',
  UpdatedAt: '2026-11-02T10:00:00.000Z',
};

export const validBodies: { [N in Exclude<OperationName, 'ModelList'>]: BodyOf<N> } = {
  Add: { timeZone: 'America/New_York', type: 0 },
  Edit: {
    serialNumber: SERIAL,
    Name: 'Oak Realty assistant',
    Temperature: 7,
    ChatBubbleColor: 'rgb(12, 74, 110)',
    UserMessageColor: 'rgb(240,240,240)',
    ChatBubbleAlign: 1,
    Domains: 'oakrealty.example, *.oakrealty.example',
    SuggestedMessage: 'Homes under $500k\nRentals with parking',
    MessageLimit: -1,
    TimeZone: 'America/Chicago',
  },
  GetSession: { serialNumber: SERIAL },
  Get: { serialNumber: SERIAL },
  ClientAsk: { sessionID: 42, content: '3 bedroom homes in Austin under $500k', chatAskType: 'Text', stream: false },
  TalkToHuman: { sessionID: 42, name: 'Ana', email: 'ana@example.com', message: 'Please call me about 12 Oak St' },
  RealEstateCreate: { SerialNumber: SERIAL, ...listingFields, City: 'Austin', Address: '12 Oak St', SalePrice: 489000 },
  RealEstateUpdate: { SerialNumber: SERIAL, Key: 'MLS-12345', KeyType: 'MLSNumber', ...listingFields, Status: 'Sold' },
  RealEstateDelete: { SerialNumber: SERIAL, Keys: ['MLS-12345', 'MLS-99999'], KeyType: 'MLSNumber' },
  RealEstateList: { SerialNumber: SERIAL, Page: 1, PageSize: 20, Status: 'Active', Query: 'Austin' },
  RealEstateGet: { SerialNumber: SERIAL, Key: 'https://homes.example.com/listing/12-oak-st', KeyType: 'URL' },
  GetPreUploadUrl: { fileName: 'kitchen.jpg', sessionID: 42 },
  UploadSuccess: { FileStoreId: '1001' },
  SessionKey: {},
  List: {},
  LeadList: { SerialNumber: SERIAL, Page: 1, PageSize: 20 },
  OutboxList: { SerialNumber: SERIAL, Page: 2, PageSize: 5 },
  Feedback: { sessionID: 42, answerID: 1002, rating: 'down', reasons: ['wrong-listing'], comment: 'I asked about Denver' },
  ConversationList: { SerialNumber: SERIAL, Page: 1, PageSize: 20, From: '2026-11-01', To: '2026-11-30', Flag: 'unanswered', Query: 'parking' },
  ConversationGet: { SerialNumber: SERIAL, SessionID: 42 },
  UnansweredList: { SerialNumber: SERIAL, From: '2026-11-01', To: '2026-11-30' },
  Insights: { SerialNumber: SERIAL, From: '2026-11-01', To: '2026-11-07' },
  Export: { SerialNumber: SERIAL, From: '2026-11-01', To: '2026-11-30', Format: 'csv', Of: 'conversations' },
};

export const answer = 'We have **2 homes** in Austin under $500k: 12 Oak St ($489,000) and 7 Elm Ave ($455,000).';

export function sampleData(name: OperationName, origin: string): unknown {
  const data: { [N in OperationName]: DataOf<N> } = {
    Add: { SerialNumber: SERIAL },
    Edit: 1,
    GetSession: { SessionID: 42, VisitorToken: 'vt.sample.token', ExpiresAt: '2026-11-23T10:00:00.000Z' },
    Get: {
      SerialNumber: SERIAL,
      Name: 'Oak Realty assistant',
      TimeZone: 'America/Chicago',
      ChatBubbleAlign: 0,
      ChatBubbleColor: 'rgb(12, 74, 110)',
      UserMessageColor: 'rgb(240,240,240)',
      ChatbotPopupOnce: true,
      ChatbotPrivacyPolicyName: 'Privacy policy',
      ChatbotPrivacyPolicyUrl: 'https://oakrealty.example/privacy',
      ChatbotPrivacyPolicyDescription: 'We keep chats for 30 days.',
      EnablePushToTalk: false,
      EnableUploadImage: true,
      SocialPageUrl: '',
      PhotoSocialUrl: '',
      MessengerUrl: '',
      RemoveChatLogOnBrowserClose: false,
      SuggestedMessage: 'Homes under $500k',
      TalkToHumanResponseMessage: 'Thanks — an agent will contact you.',
      UserInputPlaceholder: 'Ask about a home…',
      WelcomeMessage: 'Hi! Looking for a home?',
      RateLimitMessage: 'Please wait a minute.',
      AIResponseLanguage: '',
      ChatProfilePictureUrl: '',
      ChatIconUrl: '',
      TalkToHumanEnabled: true,
    },
    ModelList: [
      { Key: '1', Value: 'offline', Status: true },
      { Key: '2', Value: 'gpt-4o-mini', Status: true },
    ],
    ClientAsk: { messageid: 1002, content: answer, totalToken: 57, noAnswer: false },
    TalkToHuman: { Message: 'Thanks — an agent will contact you.' },
    RealEstateCreate: '0192f0c1-7a4e-7cc2-9d1e-4b9f2a6c8e10',
    RealEstateUpdate: 1,
    RealEstateDelete: { SuccessCount: 1 },
    RealEstateList: { Items: [listingRead], Total: 1 },
    RealEstateGet: listingRead,
    GetPreUploadUrl: { FileStoreId: '1001', PreUploadUrl: `${origin}/__upload/1001` },
    UploadSuccess: { FileStoreId: '1001', Kind: 'Image', MimeType: 'image/jpeg', Size: 4 },
    SessionKey: { SessionKey: 'sk.sample.key', ExpiresAt: '2026-11-23T10:00:00.000Z' },
    List: [{ SerialNumber: SERIAL, Name: 'Oak Realty assistant' }],
    LeadList: {
      Items: [{ Id: 7, SessionID: 42, Name: 'Ana', Email: 'ana@example.com', Message: 'Please call me about 12 Oak St', CreatedAt: '2026-11-02T10:00:00.000Z' }],
      Total: 1,
    },
    OutboxList: {
      Items: [
        {
          Id: 3,
          Kind: 'handoff',
          To: 'agents@oakrealty.example',
          Subject: 'Ana asked for a person',
          Body: 'Visitor: 3 bedroom homes in Austin?',
          Attempts: 0,
          LastError: '',
          CreatedAt: '2026-11-02T10:00:00.000Z',
          SentAt: null,
        },
      ],
      Total: 6,
    },
    Feedback: { AnswerID: 1002, Rating: 'down', Reasons: ['wrong-listing'], Comment: 'I asked about Denver', UpdatedAt: '2026-11-02T10:00:00.000Z' },
    ConversationList: {
      Items: [
        { SessionID: 42, StartedAt: '2026-11-02T10:00:00.000Z', LastAt: '2026-11-02T10:03:00.000Z', PageUrl: 'https://oakrealty.example/homes', Questions: 2, FirstQuestion: 'Any with parking?', Flags: ['unanswered'] },
      ],
      Total: 1,
    },
    ConversationGet: {
      SessionID: 42,
      StartedAt: '2026-11-02T10:00:00.000Z',
      PageUrl: 'https://oakrealty.example/homes',
      OpenedBy: 'visitor',
      Flags: ['ratedDown'],
      Messages: [
        { Id: 1001, Role: 'question', Content: '3 bedroom homes in Austin under $500k', AskType: 'Text', Files: [], Status: 'complete', NoAnswer: false, CreatedAt: '2026-11-02T10:00:00.000Z', Feedback: null },
        {
          Id: 1002, Role: 'answer', Content: answer, AskType: 'Text', Files: [], Status: 'complete', NoAnswer: false, CreatedAt: '2026-11-02T10:00:01.000Z',
          Feedback: { AnswerID: 1002, Rating: 'down', Reasons: ['wrong-listing'], Comment: 'I asked about Denver', UpdatedAt: '2026-11-02T10:01:00.000Z' },
        },
      ],
      Leads: [],
    },
    UnansweredList: {
      Items: [
        {
          Question: 'Can I bring my horse?', Count: 2, NoAnswer: 2, RatedDown: 0, LastAt: '2026-11-03T10:00:00.000Z',
          Questions: [{ QuestionID: 2001, SessionID: 43, Content: 'Can I bring my horse?', CreatedAt: '2026-11-03T10:00:00.000Z', NoAnswer: true, RatedDown: false, Reasons: [], Comment: '' }],
        },
      ],
      Total: 1,
      Considered: 2,
      From: '2026-11-01',
      To: '2026-11-30',
    },
    Insights: {
      From: '2026-11-01',
      To: '2026-11-01',
      TimeZone: 'America/Chicago',
      Days: [{ Day: '2026-11-01', Conversations: 3, Questions: 7, Answered: 6, Up: 2, Down: 1, Leads: 1 }],
      Hours: Array.from({ length: 24 }, (_, h) => (h === 10 ? 7 : 0)),
      Cities: [{ Name: 'austin', Count: 4 }],
      PropertyTypes: [{ Name: 'condo', Count: 2 }],
      PriceBands: [{ Name: 'sale:250k-500k', Count: 3 }],
    },
    Export: 'session_id,message_id\r\n42,1001\r\n',
  };
  return data[name];
}

/** The answer cut into the fragments the sample stream sends. */
export const fragments = answer.match(/\S+\s*/g) ?? [answer];
