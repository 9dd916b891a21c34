import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { OPERATIONS, OPERATION_NAMES } from '../../src/protocol/index.ts';

describe('the service front door', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('serves the script-tag file built into dist/', async () => {
    const res = await app.inject('/chat-bot.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('chat-bot');
  });

  it('serves nothing else of dist/ beside the widget files', async () => {
    expect((await app.inject('/chat-bot.../package.json')).statusCode).toBe(404);
    expect((await app.inject('/lib/index.js')).statusCode).toBe(404);
  });

  it('serves the demo site at /', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>chat-bot</h1>');
  });

  it('publishes an OpenAPI document with every operation and no TypeBox internals', async () => {
    const doc = (await app.inject('/openapi.json')).json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    for (const name of OPERATION_NAMES) {
      const op = OPERATIONS[name];
      expect(doc.paths[op.path]?.[op.method.toLowerCase()]?.operationId).toBe(name);
    }
    expect(JSON.stringify(doc)).not.toContain('~');
  });
});

describe('the chat-bot-server bin', () => {
  it('starts from the compiled files and answers on the port it prints', async () => {
    const bin = join(import.meta.dirname, '../../dist/node/server/main.js');
    const child = spawn(process.execPath, [bin], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0' } });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      while (!/listening on (\S+)/.test(out)) {
        const [chunk] = (await Promise.race([once(child.stdout, 'data'), once(child, 'exit')])) as [string];
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        out += chunk;
      }
      const url = /listening on (\S+)/.exec(out)![1]!;
      const res = await fetch(`${url}/openapi.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    } finally {
      child.kill();
    }
  });
});
