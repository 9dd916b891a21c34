/** The wire contract of API.md: schemas, the types derived from them, SSE framing, shared rules. */
export * from './rules.ts';
export * from './envelope.ts';
export * from './paths.ts';
export * from './settings.ts';
export * from './defaults.ts';
export * from './listing.ts';
export * from './answer.ts';
export * from './cards.ts';
export * from './chat.ts';
export * from './files.ts';
export * from './owner.ts';
export * from './feedback.ts';
export * from './conversations.ts';
export * from './knowledge.ts';
export * from './operations.ts';
export * from './validate.ts';
export * from './sse.ts';
