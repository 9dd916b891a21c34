import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  OPERATIONS,
  OPERATION_NAMES,
  PublicSettings,
  FullSettings,
  SETTING_NAMES,
  checkBody,
  closest,
  type OperationName,
} from '../../src/protocol/index.ts';
import { SERIAL, listingRead, sampleData, validBodies } from '../support/samples.ts';

type BodyOp = Exclude<OperationName, 'ModelList'>;
const schemaOf = (name: BodyOp) => OPERATIONS[name].body!;
const { Id: _id, CreatedAt: _c, UpdatedAt: _u, ...listingFields } = listingRead;
const listing = { SerialNumber: SERIAL, ...listingFields };

/** [operation, body, what the Message must say] — at least three per operation with a body. */
const invalid: [BodyOp, unknown, string][] = [
  ['Add', {}, '"timeZone" is required'],
  ['Add', { timeZone: 'Mars/Base', type: 0 }, '"timeZone" must be an IANA time zone name'],
  ['Add', { timeZone: 'UTC', type: 2 }, '"type" must be 0 (a generic chatbot) (got 2)'],
  ['Add', { timeZone: 'UTC', type: 0, Name: '' }, '"Name" must be text of 1 to 100 characters'],
  ['Edit', { Name: 'x' }, '"serialNumber" is required'],
  [
    'Edit',
    { serialNumber: 'abc' },
    '"serialNumber" must be a chatbot serial number (32 hexadecimal characters) (got "abc")',
  ],
  ['Edit', { serialNumber: SERIAL, Temperature: 11 }, '"Temperature" must be an integer from 0 to 10 (got 11)'],
  ['Edit', { serialNumber: SERIAL, Temperature: 2.5 }, '"Temperature" must be an integer from 0 to 10'],
  [
    'Edit',
    { serialNumber: SERIAL, ChatBubbleColor: '#fff' },
    '"ChatBubbleColor" must be rgb(r,g,b) with each of r, g, b from 0 to 255',
  ],
  ['Edit', { serialNumber: SERIAL, ChatBubbleAlign: 2 }, '"ChatBubbleAlign" must be an integer from 0 to 1'],
  ['Edit', { serialNumber: SERIAL, TalkToHumanEmail: 'nope' }, '"TalkToHumanEmail" must be an email address or empty'],
  [
    'Edit',
    { serialNumber: SERIAL, ChatbotPrivacyPolicyUrl: 'javascript:alert(1)' },
    '"ChatbotPrivacyPolicyUrl" must be an http(s) URL',
  ],
  [
    'Edit',
    { serialNumber: SERIAL, Domains: 'ok.com,\nnot a host' },
    '"Domains" must be host names separated by commas or new lines ("*.example.com" allowed); "not a host" is not one',
  ],
  [
    'Edit',
    { serialNumber: SERIAL, SuggestedMessage: Array.from({ length: 11 }, (_, i) => `s${i}`).join('\n') },
    '"SuggestedMessage" must be at most 10 lines',
  ],
  ['Edit', { serialNumber: SERIAL, MessageLimit: -2 }, '"MessageLimit" must be an integer from -1 to 100,000,000'],
  ['Edit', { serialNumber: SERIAL, RateLimitTime: -1 }, '"RateLimitTime" must be an integer from 0'],
  ['Edit', { serialNumber: SERIAL, VerifyDomain: 'yes' }, '"VerifyDomain" must be true or false (got "yes")'],
  ['Edit', { serialNumber: SERIAL, CustomDomain: 'https://chat.example.com' }, '"CustomDomain" must be a host name'],
  [
    'Edit',
    { serialNumber: SERIAL, WelcomeMessage: 'x'.repeat(2001) },
    '"WelcomeMessage" must be text of at most 2,000 characters',
  ],
  ['Edit', { serialNumber: SERIAL, Nmae: 'x' }, 'Unknown field "Nmae" — did you mean "Name"?'],
  ['Edit', { serialNumber: SERIAL, name: 'a', NAME: 'b' }, 'Field "Name" is given twice (as "name" and "NAME")'],
  ['GetSession', {}, '"serialNumber" is required'],
  ['GetSession', { serialNumber: 42 }, '"serialNumber" must be a chatbot serial number'],
  ['GetSession', { serialNumber: SERIAL, sessionId: 1 }, 'Unknown field "sessionId"'],
  ['Get', { serialNumber: null }, '"serialNumber" must be a chatbot serial number'],
  ['Get', { serialNumber: SERIAL, extra: true }, 'Unknown field "extra"'],
  ['Get', [], 'The body must be a JSON object'],
  ['ClientAsk', { content: 'hi' }, '"sessionID" is required'],
  ['ClientAsk', { sessionID: 1 }, '"content" is required'],
  ['ClientAsk', { sessionID: 0, content: 'hi' }, '"sessionID" must be a session id (a positive integer) (got 0)'],
  ['ClientAsk', { sessionID: 1, content: 'x'.repeat(8001) }, '"content" must be text of at most 8,000 characters'],
  ['ClientAsk', { sessionID: 1, content: '  ' }, '"content" must not be empty when chatAskType is Text'],
  [
    'ClientAsk',
    { sessionID: 1, content: 'hi', chatAskType: 'Gif' },
    '"chatAskType" must be one of "Text", "Audio", "Image", "Video" or null',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: 'hi', fileIds: [3] },
    '"fileIds" is only allowed when chatAskType is Image, Audio or Video',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: '', chatAskType: 'Image', fileIds: [] },
    '"fileIds" must hold 1 to 10 image files when chatAskType is Image',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: '', chatAskType: 'Image', fileIds: Array.from({ length: 11 }, (_, i) => i + 1) },
    '"fileIds" must be a list of at most 10 file ids',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: '', chatAskType: 'Video', fileIds: [1, 2] },
    '"fileIds" must hold exactly one file when chatAskType is Video',
  ],
  ['ClientAsk', { sessionID: 1, content: 'hi', stream: 'yes' }, '"stream" must be true or false'],
  [
    'ClientAsk',
    { sessionID: 1, content: 'hi', clientMessageId: 'x'.repeat(65) },
    '"clientMessageId" must be 1 to 64 printable characters',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: 'hi', page: 'file:///home/visitor/page.html' },
    '"page" must be an http(s) URL of at most 2,000 characters, or null',
  ],
  [
    'ClientAsk',
    { sessionID: 1, content: 'hi', page: `https://homes.example/${'x'.repeat(2000)}` },
    '"page" must be an http(s) URL of at most 2,000 characters, or null',
  ],
  ['ClientAsk', { sessionID: 1, content: 'hi', listing: '' }, '"listing" must be text of 1 to 2,000 characters'],
  ['TalkToHuman', {}, '"sessionID" is required'],
  ['TalkToHuman', { sessionID: 1, email: 'not-an-email' }, '"email" must be an email address or empty'],
  ['TalkToHuman', { sessionID: 1, message: 'x'.repeat(5001) }, '"message" must be text of at most 5,000 characters'],
  [
    'RealEstateCreate',
    { ...listing, SaleType: 'for_lease' },
    '"SaleType" must be one of "for_sale", "for_rent" (got "for_lease")',
  ],
  ['RealEstateCreate', { ...listing, Status: 'active' }, '"Status" must be one of "Active", "PreOnMarket", "Sold"'],
  ['RealEstateCreate', { ...listing, AreaUnit: 'sqft' }, '"AreaUnit" must be one of "Square Feet", "Square Meters"'],
  ['RealEstateCreate', { ...listing, Bathrooms: -1 }, '"Bathrooms" must be a number of bathrooms from 0 to 1,000'],
  ['RealEstateCreate', { ...listing, Latitude: 91 }, '"Latitude" must be a latitude from -90 to 90'],
  ['RealEstateCreate', { ...listing, YearBuilt: 1500 }, '"YearBuilt" must be a year from 1600 to next year'],
  [
    'RealEstateCreate',
    { ...listing, YearBuilt: new Date().getUTCFullYear() + 2 },
    `"YearBuilt" must be a year from 1600 to ${new Date().getUTCFullYear() + 1}`,
  ],
  ['RealEstateCreate', { ...listing, Url: 'ftp://homes.example.com/1' }, '"Url" must be an http(s) URL'],
  [
    'RealEstateCreate',
    { ...listing, Images: ['https://a.example/1.jpg', 'data:image/png;base64,AA'] },
    '"Images[1]" must be an http(s) URL',
  ],
  ['RealEstateCreate', { ...listing, Tours: 'Virtual' }, '"Tours" must be one of "OpenHouse", "3D" or empty'],
  [
    'RealEstateCreate',
    {
      ...listing,
      ExtensionColumn: [
        { Key: 'View', value: 'Sea' },
        { Key: '', value: 'x' },
      ],
    },
    '"ExtensionColumn[1].Key" must be text of 1 to 200 characters',
  ],
  [
    'RealEstateCreate',
    { ...listing, ExtensionColumn: [{ Key: 'View', val: 'Sea' }] },
    'Unknown field "ExtensionColumn[0].val" — did you mean "value"?',
  ],
  [
    'RealEstateCreate',
    { ...listing, ExtensionColumn: Array.from({ length: 51 }, (_, i) => ({ Key: `k${i}`, value: '' })) },
    '"ExtensionColumn" must be at most 50 items',
  ],
  ['RealEstateCreate', { ...listing, Bedroom: 3 }, 'Unknown field "Bedroom" — did you mean "Bedrooms"?'],
  ['RealEstateCreate', (({ MLSNumber: _m, ...rest }) => rest)(listing), '"MLSNumber" is required'],
  ['RealEstateUpdate', listing, '"Key" is required'],
  [
    'RealEstateUpdate',
    { ...listing, Key: 'x', KeyType: 'Id' },
    '"KeyType" must be one of "NewOaks", "MLSNumber", "URL"',
  ],
  ['RealEstateUpdate', { ...listing, Key: '', KeyType: 'URL' }, '"Key" must be text of 1 to 2,000 characters'],
  ['RealEstateUpdate', { Key: 'x', KeyType: 'URL', SerialNumber: SERIAL }, '"SaleType" is required'],
  ['RealEstateDelete', { SerialNumber: SERIAL, KeyType: 'URL' }, '"Keys" is required'],
  ['RealEstateDelete', { SerialNumber: SERIAL, Keys: [], KeyType: 'URL' }, '"Keys" must be a list of 1 to 1,000 keys'],
  [
    'RealEstateDelete',
    { SerialNumber: SERIAL, Keys: Array(1001).fill('k'), KeyType: 'URL' },
    '"Keys" must be a list of 1 to 1,000 keys',
  ],
  [
    'RealEstateDelete',
    { SerialNumber: SERIAL, Keys: ['k', 5], KeyType: 'URL' },
    '"Keys[1]" must be text of 1 to 2,000 characters',
  ],
  ['RealEstateImport', { SerialNumber: SERIAL }, '"Items" is required'],
  ['RealEstateImport', { SerialNumber: SERIAL, Items: [] }, '"Items" must be a list of 1 to 500 listings'],
  [
    'RealEstateImport',
    { SerialNumber: SERIAL, Items: [{ ...listingFields, Bathrooms: -1 }] },
    '"Items[0].Bathrooms" must be a number of bathrooms from 0 to 1,000',
  ],
  [
    'RealEstateImport',
    { SerialNumber: SERIAL, Items: [{ ...listingFields, SerialNumber: SERIAL }] },
    '"Items[0].SerialNumber"',
  ],
  ['RealEstateList', { SerialNumber: SERIAL, Page: 0 }, '"Page" must be an integer from 1'],
  ['RealEstateList', { SerialNumber: SERIAL, PageSize: 101 }, '"PageSize" must be an integer from 1 to 100'],
  [
    'RealEstateList',
    { SerialNumber: SERIAL, Status: 'Pending' },
    '"Status" must be one of "Active", "PreOnMarket", "Sold"',
  ],
  ['RealEstateList', { SerialNumber: SERIAL, SaleType: 'rent' }, '"SaleType" must be one of "for_sale", "for_rent"'],
  ['RealEstateGet', { SerialNumber: SERIAL, Key: 'k' }, '"KeyType" is required'],
  [
    'RealEstateGet',
    { SerialNumber: SERIAL, Key: 7, KeyType: 'NewOaks' },
    '"Key" must be text of 1 to 2,000 characters',
  ],
  ['RealEstateGet', { Key: 'k', KeyType: 'NewOaks' }, '"SerialNumber" is required'],
  [
    'KnowledgeList',
    { SerialNumber: SERIAL, Kind: 'pdf' },
    '"Kind" must be one of "faq", "text", "page", "sitemap", "document"',
  ],
  ['KnowledgeList', { SerialNumber: SERIAL, PageSize: 0 }, '"PageSize" must be an integer from 1 to 100'],
  ['KnowledgeList', {}, '"SerialNumber" is required'],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Content: 'An answer.' },
    '"Question" is required for a FAQ entry',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Question: 'Fees?', Content: ' ' },
    '"Content" (the answer) is required for a FAQ entry',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Question: 'Fees?', Content: 'x'.repeat(5_001) },
    '"Content" must be an answer of at most 5,000 characters for a FAQ entry',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Question: 'Fees?', Content: 'None.', Phrasings: ['Costs?', ''] },
    '"Phrasings" must not hold an empty question',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Question: 'Fees?', Content: 'None.', Phrasings: Array(11).fill('Costs?') },
    '"Phrasings" must be a list of at most 10 questions',
  ],
  ['KnowledgeAdd', { SerialNumber: SERIAL, Kind: 'text', Content: '# About us' }, '"Title" is required for a text'],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'text', Title: 'About us', Content: 'Hi', Question: 'Who?' },
    '"Question" and "Phrasings" are for FAQ entries (Kind "faq") only',
  ],
  ['KnowledgeAdd', { SerialNumber: SERIAL, Kind: 'page', Title: 'About' }, '"Url" is required for a page'],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'sitemap', Url: 'https://x.example/sitemap.xml', Content: 'x' },
    '"Content" is read by the service for a sitemap, not sent',
  ],
  ['KnowledgeAdd', { SerialNumber: SERIAL, Kind: 'document' }, '"FileStoreId" is required for a document'],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'faq', Question: 'Q?', Content: 'A.', FileStoreId: '5' },
    '"FileStoreId" is for documents (Kind "document") only',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'document', FileStoreId: 'x' },
    '"FileStoreId" must be the FileStoreId',
  ],
  ['KnowledgeSync', { SerialNumber: SERIAL, Id: 'all' }, '"Id" must be an integer from 1'],
  ['KnowledgeSync', { SerialNumber: SERIAL, Ids: [1] }, '"Ids"'],
  ['KnowledgeSync', {}, '"SerialNumber" is required'],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'text', Title: 'About us', Content: 'Hi', Url: 'javascript:alert(1)' },
    '"Url" must be an http(s) URL',
  ],
  [
    'KnowledgeAdd',
    { SerialNumber: SERIAL, Kind: 'pdf', Title: 'T', Content: 'C' },
    '"Kind" must be one of "faq", "text"',
  ],
  ['KnowledgeUpdate', { SerialNumber: SERIAL, Content: 'C' }, '"Id" is required'],
  ['KnowledgeUpdate', { SerialNumber: SERIAL, Id: 0, Content: 'C' }, '"Id" must be an integer from 1'],
  ['KnowledgeUpdate', { SerialNumber: SERIAL, Id: 1, Kind: 'faq' }, '"Kind"'],
  ['KnowledgeDelete', { SerialNumber: SERIAL, Ids: [] }, '"Ids" must be a list of 1 to 1,000 source ids'],
  ['KnowledgeDelete', { SerialNumber: SERIAL, Ids: ['7'] }, '"Ids[0]" must be an integer from 1'],
  ['KnowledgeDelete', { SerialNumber: SERIAL }, '"Ids" is required'],
  ['KnowledgeSearch', { SerialNumber: SERIAL, Query: '' }, '"Query" must be a question of 1 to 500 characters'],
  ['KnowledgeSearch', { SerialNumber: SERIAL, Query: 'fees', Limit: 21 }, '"Limit" must be an integer from 1 to 20'],
  ['KnowledgeSearch', { SerialNumber: SERIAL }, '"Query" is required'],
  ['GetPreUploadUrl', {}, '"fileName" is required'],
  ['GetPreUploadUrl', { fileName: '' }, '"fileName" must be text of 1 to 255 characters'],
  ['GetPreUploadUrl', { fileName: 'a.png', sessionID: -3 }, '"sessionID" must be a session id'],
  ['UploadSuccess', {}, '"FileStoreId" is required'],
  ['UploadSuccess', { FileStoreId: 'abc' }, '"FileStoreId" must be a FileStoreId returned by GetPreUploadUrl'],
  ['UploadSuccess', { FileStoreId: 0 }, '"FileStoreId" must be a FileStoreId returned by GetPreUploadUrl'],
  ['SessionKey', { apiKey: 'x' }, 'Unknown field "apiKey"'],
  [
    'Edit',
    { serialNumber: SERIAL, SystemMessage: 'You are helpful\u0000' },
    '"SystemMessage" must not contain the NUL character (U+0000)',
  ],
  [
    'RealEstateCreate',
    { ...listing, Images: ['https://img.example/\ud800.jpg'] },
    '"Images[0]" must be well-formed text (it holds an unpaired surrogate)',
  ],
  ['ClientAsk', { sessionID: 1, content: 'hi \udc00 there' }, '"content" must be well-formed text'],
  ['List', { serialNumber: SERIAL }, 'Unknown field "serialNumber"'],
  ['List', [], 'The body must be a JSON object'],
  ['List', { page: 1 }, 'Unknown field "page"'],
  ['LeadList', {}, '"SerialNumber" is required'],
  ['LeadList', { SerialNumber: SERIAL, Page: 0 }, '"Page" must be an integer from 1 to 1,000,000'],
  ['LeadList', { SerialNumber: SERIAL, PageSize: 101 }, '"PageSize" must be an integer from 1 to 100'],
  ['OutboxList', { SerialNumber: 'nope' }, '"SerialNumber" must be a chatbot serial number'],
  ['OutboxList', { SerialNumber: SERIAL, Page: 1.5 }, '"Page" must be an integer'],
  ['OutboxList', { SerialNumber: SERIAL, Kind: 'handoff' }, 'Unknown field "Kind"'],
  ['SessionKey', 'key', 'The body must be a JSON object'],
  ['SessionKey', null, 'The body must be a JSON object'],
  ['Feedback', { sessionID: 1, answerID: 2 }, '"rating" is required'],
  [
    'Feedback',
    { sessionID: 1, answerID: 2, rating: 'up', reasons: ['too-long'] },
    '"reasons" are only allowed with the rating "down"',
  ],
  [
    'Feedback',
    { sessionID: 1, answerID: 2, rating: null, comment: 'why' },
    '"comment" is only allowed with the rating "down"',
  ],
  [
    'Feedback',
    { sessionID: 1, answerID: 2, rating: 'down', reasons: ['rude'] },
    '"reasons[0]" must be one of "wrong-listing", "not-helpful", "incorrect", "too-long"',
  ],
  [
    'Feedback',
    { sessionID: 1, answerID: 2, rating: 'down', comment: 'x'.repeat(501) },
    '"comment" must be text of at most 500 characters',
  ],
  ['ConversationList', { SerialNumber: SERIAL, From: '2026-11-31' }, '"From" must be a day as YYYY-MM-DD'],
  [
    'ConversationList',
    { SerialNumber: SERIAL, From: '2026-11-10', To: '2026-11-09' },
    '"To" must not be before "From"',
  ],
  [
    'ConversationList',
    { SerialNumber: SERIAL, Flag: 'spam' },
    '"Flag" must be one of "unanswered", "handoff", "ratedDown", "rateLimited", "files"',
  ],
  [
    'ConversationList',
    { SerialNumber: SERIAL, Query: 'x'.repeat(201) },
    '"Query" must be text of at most 200 characters',
  ],
  ['ConversationGet', { SerialNumber: SERIAL }, '"SessionID" is required'],
  ['ConversationGet', { SerialNumber: SERIAL, SessionID: 0 }, '"SessionID" must be a session id'],
  ['ConversationGet', { SessionID: 3 }, '"SerialNumber" is required'],
  ['UnansweredList', { SerialNumber: SERIAL, From: '2025-01-01', To: '2026-11-01' }, 'must be at most 366 days'],
  ['UnansweredList', { SerialNumber: SERIAL, PageSize: 0 }, '"PageSize" must be an integer from 1 to 100'],
  ['UnansweredList', { SerialNumber: SERIAL, Query: 'x' }, 'Unknown field "Query"'],
  ['Insights', { SerialNumber: SERIAL, To: '26-11-01' }, '"To" must be a day as YYYY-MM-DD'],
  ['Insights', {}, '"SerialNumber" is required'],
  ['Insights', { SerialNumber: SERIAL, From: '2026-01-01', To: '2027-01-02' }, 'must be at most 366 days'],
  ['Export', { SerialNumber: SERIAL, Of: 'conversations' }, '"Format" is required'],
  ['Export', { SerialNumber: SERIAL, Format: 'xlsx', Of: 'conversations' }, '"Format" must be one of "csv", "json"'],
  ['Export', { SerialNumber: SERIAL, Format: 'csv', Of: 'leads' }, '"Of" must be one of "conversations", "feedback"'],
  ['ChatbotEvents', {}, '"SerialNumber" is required'],
  ['ChatbotEvents', { SerialNumber: 'abc' }, '"SerialNumber" must be a chatbot serial number'],
  ['ChatbotEvents', { SerialNumber: SERIAL, Since: 3 }, 'Unknown field "Since"'],
  ['ChatEvents', {}, '"sessionID" is required'],
  ['ChatEvents', { sessionID: 0 }, '"sessionID" must be a session id'],
  ['ChatEvents', { sessionID: 'x' }, '"sessionID" must be a session id'],
  ['ConversationTake', { SerialNumber: SERIAL, SessionID: 4 }, '"Name" is required'],
  ['ConversationTake', { SerialNumber: SERIAL, SessionID: 4, Name: '' }, '"Name" must be text of 1 to 60 characters'],
  [
    'ConversationTake',
    { SerialNumber: SERIAL, SessionID: 4, Name: 'Sam', Force: 'yes' },
    '"Force" must be true or false',
  ],
  [
    'ConversationReply',
    { SerialNumber: SERIAL, SessionID: 4, Content: '' },
    '"Content" must be text of 1 to 20,000 characters',
  ],
  [
    'ConversationReply',
    { SerialNumber: SERIAL, SessionID: 4, Content: 'x'.repeat(20_001) },
    '"Content" must be text of 1 to 20,000 characters',
  ],
  ['ConversationReply', { SerialNumber: SERIAL, Content: 'hi' }, '"SessionID" is required'],
  ['ConversationRelease', { SerialNumber: SERIAL }, '"SessionID" is required'],
  ['ConversationRelease', { SessionID: 4 }, '"SerialNumber" is required'],
  ['ConversationRelease', { SerialNumber: SERIAL, SessionID: -1 }, '"SessionID" must be a session id'],
  ['ConversationTyping', { SerialNumber: SERIAL }, '"SessionID" is required'],
  ['ConversationTyping', { SessionID: 4 }, '"SerialNumber" is required'],
  ['ConversationTyping', { SerialNumber: SERIAL, SessionID: 4, Name: 'x' }, 'Unknown field "Name"'],
  ['Typing', {}, '"sessionID" is required'],
  ['Typing', { sessionID: 0 }, '"sessionID" must be a session id'],
  ['Typing', { sessionID: 4, content: 'x' }, 'Unknown field "content"'],
  [
    'Edit',
    { serialNumber: SERIAL, ViewingHours: [{ Day: 8, From: '09:00', To: '17:00' }] },
    '"ViewingHours[0].Day" must be an ISO day of the week from 1 (Monday) to 7 (Sunday) (got 8)',
  ],
  [
    'Edit',
    { serialNumber: SERIAL, ViewingHours: [{ Day: 1, From: '9am', To: '17:00' }] },
    '"ViewingHours[0].From" must be a time as HH:MM on a 24-hour clock',
  ],
  [
    'Edit',
    { serialNumber: SERIAL, ViewingHours: [{ Day: 2, From: '18:00', To: '09:00' }] },
    '"ViewingHours" must have From before To in each range (Tuesday 18:00–09:00)',
  ],
  [
    'Edit',
    {
      serialNumber: SERIAL,
      ViewingHours: [
        { Day: 6, From: '10:00', To: '14:00' },
        { Day: 6, From: '13:00', To: '15:00' },
      ],
    },
    '"ViewingHours" must not have overlapping ranges (Saturday 10:00–14:00 and 13:00–15:00)',
  ],
  ['Edit', { serialNumber: SERIAL, ViewingMinutes: 10 }, '"ViewingMinutes" must be an integer from 15 to 240 (got 10)'],
  ['Edit', { serialNumber: SERIAL, ViewingEmail: 'agent' }, '"ViewingEmail" must be an email address or empty'],
  ['ViewingSlots', { sessionID: 4 }, '"listing" is required'],
  ['ViewingSlots', { sessionID: 4, listing: '' }, '"listing" must name a listing by its Id, MLS number or Url'],
  ['ViewingSlots', { sessionID: 4, listing: 'MLS-1', days: 61 }, '"days" must be an integer from 1 to 60 (got 61)'],
  ['ViewingSlots', { sessionID: 4, listing: 'MLS-1', from: 'Saturday' }, '"from" must be an ISO 8601 instant'],
  [
    'ViewingBook',
    { sessionID: 4, listing: 'MLS-1', start: '2027-03-13T16:00:00', name: 'Ann', email: 'ann@example.com' },
    '"start" must be an ISO 8601 instant with its offset',
  ],
  [
    'ViewingBook',
    { sessionID: 4, listing: 'MLS-1', start: '2027-03-13T16:00:00Z', name: 'Ann', email: 'ann@' },
    '"email" must be an email address',
  ],
  [
    'ViewingBook',
    { sessionID: 4, listing: 'MLS-1', start: '2027-03-13T16:00:00Z', name: 'Ann', email: 'a@b.co', phone: 'call me' },
    '"phone" must be a phone number',
  ],
  [
    'ViewingBook',
    { sessionID: 4, listing: 'MLS-1', start: '2027-03-13T16:00:00Z', email: 'a@b.co' },
    '"name" is required',
  ],
  ['ViewingCancel', {}, '"token" is required'],
  ['ViewingCancel', { token: 'short' }, '"token" must be the token of a booking\'s ManageUrl'],
  ['ViewingCancel', { token: 'A'.repeat(54), sessionID: 4 }, 'Unknown field "sessionID"'],
  ['ViewingReschedule', { token: 'A'.repeat(54) }, '"start" is required'],
  ['ViewingReschedule', { start: '2027-03-13T16:00:00Z' }, '"token" is required'],
  ['ViewingReschedule', { token: 'A'.repeat(54), start: 'tomorrow' }, '"start" must be an ISO 8601 instant'],
  ['OwnerViewingCancel', { SerialNumber: SERIAL }, '"Id" is required'],
  ['OwnerViewingCancel', { SerialNumber: SERIAL, Id: '42' }, '"Id" must be a booking id (a UUID)'],
  ['OwnerViewingCancel', { Id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, '"SerialNumber" is required'],
  ['ViewingList', {}, '"SerialNumber" is required'],
  ['ViewingList', { SerialNumber: SERIAL, State: 'done' }, '"State" must be "booked" or "cancelled"'],
  ['ViewingList', { SerialNumber: SERIAL, From: '2027-03-10', To: '2027-03-01' }, '"To" must not be before "From"'],
];

describe('request schemas', () => {
  it.each([
    ...Object.entries(validBodies),
    ['ChatbotEvents', { SerialNumber: SERIAL }],
    ['ChatEvents', { sessionID: 42 }],
  ])('accept a valid %s body', (name, body) => {
    const result = checkBody(schemaOf(name as BodyOp), body);
    expect(result).toMatchObject({ ok: true });
  });

  it.each(invalid.map(([name, body, message]) => [name, message, body] as const))(
    '%s rejects: %s',
    (name, message, body) => {
      const result = checkBody(schemaOf(name), body);
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.message).toContain(message);
    },
  );

  it('hold at least three invalid bodies for every operation with a body', () => {
    const counts = new Map<string, number>();
    for (const [name] of invalid) counts.set(name, (counts.get(name) ?? 0) + 1);
    const withBody = OPERATION_NAMES.filter((n) => OPERATIONS[n].body !== null);
    expect(withBody.filter((n) => (counts.get(n) ?? 0) < 3)).toEqual([]);
  });

  it('match property names case-insensitively and return them as the contract spells them', () => {
    const result = checkBody(OPERATIONS.ClientAsk.body, {
      SESSIONID: 5,
      Content: 'hi',
      ChatAskType: null,
      STREAM: true,
    });
    expect(result).toEqual({ ok: true, value: { sessionID: 5, content: 'hi', chatAskType: null, stream: true } });
    const { ExtensionColumn: _x, ...rest } = listing;
    const item = checkBody(OPERATIONS.RealEstateCreate.body, {
      ...rest,
      extensioncolumn: [{ key: 'View', VALUE: 'Sea' }],
    });
    expect(item.ok && item.value.ExtensionColumn).toEqual([{ Key: 'View', value: 'Sea' }]);
  });

  it('keep text whole — emoji and every script — and drop only a leading byte-order mark', () => {
    const result = checkBody(OPERATIONS.ClientAsk.body, { sessionID: 1, content: '\uFEFFCasa en Málaga 🏡 中文 عربي' });
    expect(result).toEqual({ ok: true, value: { sessionID: 1, content: 'Casa en Málaga 🏡 中文 عربي' } });
  });

  it('treat null settings of Edit as "leave unchanged" and accept every setting', () => {
    const nulls = Object.fromEntries(SETTING_NAMES.map((n) => [n, null]));
    expect(checkBody(OPERATIONS.Edit.body, { serialNumber: SERIAL, ...nulls }).ok).toBe(true);
  });

  it('refuse an unknown field even when it would otherwise pass', () => {
    expect(checkBody(OPERATIONS.Get.body, { serialNumber: SERIAL, __proto__x: 1 })).toMatchObject({
      ok: false,
      field: '__proto__x',
    });
  });

  it('suggest the field probably meant only when one is close', () => {
    expect(closest('Bedroom', ['Bedrooms', 'Bathrooms'])).toBe('Bedrooms');
    expect(closest('colour', ['ChatBubbleColor', 'Name'])).toBeNull();
  });
});

describe('response schemas', () => {
  it.each(OPERATION_NAMES)('describe the Data of %s', (name) => {
    expect(Value.Check(OPERATIONS[name].data, sampleData(name, 'http://127.0.0.1:1'))).toBe(true);
  });

  it('keep every secret setting out of the public settings', () => {
    const publicKeys = Object.keys(PublicSettings.properties);
    for (const secret of [
      'SystemMessage',
      'Model',
      'Temperature',
      'AnswerSuffix',
      'TalkToHumanEmail',
      'EmailForDailyChatLogs',
      'EmailForDailyLeads',
      'Domains',
      'VerifyDomain',
      'CustomDomain',
      'RateLimitCount',
      'RateLimitTime',
      'MessageLimit',
    ])
      expect(publicKeys).not.toContain(secret);
    expect(Object.keys(FullSettings.properties)).toEqual(expect.arrayContaining(SETTING_NAMES));
  });
});

describe("a booking's phone number", () => {
  it.each(['(503) 555-0199', '(503)555-0199', '+1 (503) 555-0199', '503-555-0199', '+49 30 1234567', ''])(
    'takes %j as people write it',
    (phone) => {
      expect(checkBody(OPERATIONS.ViewingBook.body, { ...validBodies.ViewingBook, phone }).ok).toBe(true);
    },
  );
});
