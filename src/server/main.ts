#!/usr/bin/env node
/** `npm start` / `chat-bot-server`: the only file that listens. */
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

const config = configFromEnv();
const app = await buildApp({ logger: false });
const address = await app.listen({ host: config.host, port: config.port });
const url = address.replace('://127.0.0.1', '://localhost');
console.log(`chat-bot service listening on ${url}`);
console.log(`  demo site      ${url}/`);
console.log(`  widget         ${url}/chat-bot.js`);
console.log(`  API contract   ${url}/openapi.json`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
