/**
 * A model server on loopback that speaks OpenAI's Chat Completions streaming wire format, for
 * testing the OpenAI-compatible engine through the real `openai` client rather than a mock of it.
 * `POST /v1/chat/completions` with `stream: true` answers as OpenAI does: a role chunk, content
 * chunks, a `finish_reason: "stop"` chunk, the usage chunk (`choices: []`) when
 * `stream_options.include_usage` is set, then `data: [DONE]`. Each request plays the next scripted
 * reply (or the default one); every request is recorded with its body, headers and whether the
 * client went away before the response ended. `POST /v1/audio/transcriptions` (multipart, as the
 * client sends it) answers `{ text }`: the scripted transcript, recorded with the file it was given.
 * `POST /v1/embeddings` answers each input's vector from a small model of meanings (fake-embeddings.ts).
 *
 * Tools as OpenAI streams them: a reply with `toolCalls` sends each call's id and name in its first
 * delta and its arguments in pieces (`tool_calls[].index` keeps them apart, optionally interleaved),
 * then `finish_reason: "tool_calls"`. Requests are checked as OpenAI checks them: a `tool` message
 * must answer a `tool_calls` id of the assistant message before it, and every call must be answered.
 * A server without tools (Ollama's models without tool support, older vLLM) answers a request that
 * carries `tools` with HTTP 400 naming them: `refuseTools` per reply, or `toolsUnsupported` for all.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fakeEmbedding } from './fake-embeddings.ts';

/** A tool call the model makes: its arguments (JSON text) are streamed in `pieces` parts (default 3). */
export interface ScriptedToolCall {
  name: string;
  arguments: string;
  /** The call's id; `call_<n>` when not given. */
  id?: string;
  pieces?: number;
}

/** What one request gets back. */
export interface ScriptedReply {
  /** The answer's text, streamed as `chunks` when given (they must join to `text`), else in words. */
  text: string;
  /** Tool calls after the text; the reply then finishes with `tool_calls` rather than `stop`. */
  toolCalls?: ScriptedToolCall[];
  /** Stream the calls' pieces interleaved (a piece of each in turn) rather than one call after another. */
  interleave?: boolean;
  /** Answer a request that carries `tools` with HTTP 400 "does not support tools" (as Ollama does). */
  refuseTools?: boolean;
  chunks?: string[];
  /** A pause before each content chunk. */
  delayMs?: number;
  /** Destroy the socket after this many content chunks, mid-stream. */
  failAfter?: number;
  /** Send this many content chunks, then wait until the client goes away — or, with `until`, until that settles, then go on. */
  holdAfter?: number;
  /** With holdAfter: the rest of the reply is sent once this settles (a test holds an answer in flight). */
  until?: Promise<unknown>;
  /** Send no usage chunk even when the request asks for one. */
  omitUsage?: boolean;
  /** Answer with HTTP `status` (500 unless given) and OpenAI's error JSON carrying this message instead of a stream. */
  serverError?: string;
  status?: number;
  /** With serverError: the Retry-After header, in seconds (a 429). */
  retryAfter?: number;
  /** Answer nothing, not even the status line, until the client goes away (a server that stalls). */
  silent?: boolean;
  /** After this many content chunks, send a chunk that is not JSON (a server breaking its wire format). */
  malformedAfter?: number;
  /** The token counts of the usage chunk (`total_tokens` is their sum). */
  usage?: { prompt: number; completion: number };
}

/** A part of a user message with images: text, or an image by URL (a data: URL from the engine). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: string;
  content: string | ContentPart[] | null;
  /** An assistant message's tool calls. */
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  /** A tool message: the call it answers. */
  tool_call_id?: string;
}

/** A tool as the request declares it. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** The text of a message, its text parts joined. */
export const textOf = (m: ChatMessage | undefined): string =>
  typeof m?.content === 'string'
    ? m.content
    : (m?.content ?? []).flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

/** One transcription request: the model asked for and the file sent. */
export interface RecordedTranscription {
  model: string;
  fileName: string;
  fileType: string;
  file: Buffer;
}

/** The parts of a Chat Completions request body the engine's tests look at. */
export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  tools?: ToolDefinition[];
  tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
}

export interface RecordedModelRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: ChatRequestBody;
  /** The client went away before the response ended. */
  disconnected: boolean;
  /** Characters of content written to the client so far. */
  sent: number;
  /** Settles once the response is over, ended or cut. */
  closed: Promise<void>;
}

export interface FakeModelServer {
  /** The base URL an OpenAI client takes: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** Every chat completion request, oldest first. */
  requests: RecordedModelRequest[];
  /** Every transcription request, oldest first. */
  transcriptions: RecordedTranscription[];
  /** What the next transcription requests hear, in order (then "Hello from a recording."). */
  transcribe(...texts: string[]): void;
  /** Queue replies for the next requests, in order. */
  script(...replies: ScriptedReply[]): void;
  /** The reply for every request whose last user message contains `match` (kept: retries replay it). */
  scriptFor(match: string, reply: ScriptedReply): void;
  /** The reply when nothing is queued (rather than DEFAULT_REPLY), until reset. */
  always(reply: ScriptedReply): void;
  /** Decide the reply from the request (before the queue); return undefined to fall through. Kept until reset. */
  respond(decide: (body: ChatRequestBody) => ScriptedReply | undefined): void;
  /** Answer every request carrying `tools` with HTTP 400, as a server without tool support does. */
  toolsUnsupported: boolean;
  /** Every text `POST /v1/embeddings` was asked for, oldest first (vectors: fake-embeddings.ts). */
  embedded: string[];
  /** Answer `/v1/embeddings` with HTTP 503 while set (a model server without its embedding model loaded). */
  embeddingsDown: boolean;
  /** Forget the recorded requests and any unplayed replies. */
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_REPLY: ScriptedReply = {
  text: 'Hello from the fake model.',
  usage: { prompt: 30, completion: 6 },
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPart = (v: unknown) =>
  isRecord(v) &&
  ((v.type === 'text' && typeof v.text === 'string') ||
    (v.type === 'image_url' && isRecord(v.image_url) && typeof v.image_url.url === 'string'));
const isToolCall = (v: unknown) =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  v.type === 'function' &&
  isRecord(v.function) &&
  typeof v.function.name === 'string' &&
  typeof v.function.arguments === 'string';
const isMessage = (v: unknown): v is ChatMessage =>
  isRecord(v) &&
  typeof v.role === 'string' &&
  (typeof v.content === 'string' ||
    (Array.isArray(v.content) && v.content.every(isPart)) ||
    (v.role === 'assistant' && v.content == null && Array.isArray(v.tool_calls))) &&
  (v.tool_calls === undefined ||
    (v.role === 'assistant' &&
      Array.isArray(v.tool_calls) &&
      v.tool_calls.length > 0 &&
      v.tool_calls.every(isToolCall))) &&
  (v.role !== 'tool' || (typeof v.tool_call_id === 'string' && typeof v.content === 'string'));

function asChatRequest(v: unknown): ChatRequestBody | null {
  if (!isRecord(v) || typeof v.model !== 'string' || !Array.isArray(v.messages) || !v.messages.every(isMessage))
    return null;
  return v as unknown as ChatRequestBody;
}

/** OpenAI's rule for tool messages: each answers a call of the assistant message just before them, and every call is answered. */
function toolTurnError(messages: ChatMessage[]): string | null {
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool')
      return "Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.";
    if (!m.tool_calls) continue;
    const open = new Set(m.tool_calls.map((c) => c.id));
    while (messages[i + 1]?.role === 'tool') {
      const id = messages[++i]!.tool_call_id!;
      if (!open.delete(id))
        return `Invalid parameter: tool_call_id ${id} answers no call of the assistant message before it.`;
    }
    if (open.size)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${[...open].join(', ')}.`;
  }
  return null;
}

/** The tool messages of a request with what each answered: the call's name, its arguments and the result's text. */
export function toolMessages(body: ChatRequestBody): { name: string; arguments: string; content: string }[] {
  const calls = new Map(body.messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function]));
  return body.messages.flatMap((m) => {
    const call = m.role === 'tool' ? calls.get(m.tool_call_id!) : undefined;
    return call
      ? [{ name: call.name, arguments: call.arguments, content: typeof m.content === 'string' ? m.content : '' }]
      : [];
  });
}

/** A string in `n` nearly equal parts (at least one). */
function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
  return parts.length ? parts : [''];
}

const words = (text: string) => text.split(/(?<=\s)(?=\S)/);
/** Settles once everything written to `res` so far has been handed to the operating system. */
const flushed = (res: ServerResponse) => new Promise<void>((resolve) => res.write('', () => resolve()));
/** Settles when the client has taken what was written (drain) or gone. */
const roomOrGone = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The fields of a multipart/form-data body: name → value (files keep their name, type and bytes). */
function formData(body: Buffer, contentType: string): Map<string, { value: Buffer; fileName?: string; type?: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields = new Map<string, { value: Buffer; fileName?: string; type?: string }>();
  if (!boundary) return fields;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name) {
      const fileName = /filename="([^"]*)"/.exec(head)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
      fields.set(name, {
        value: part.subarray(split + 4),
        ...(fileName !== undefined ? { fileName } : {}),
        ...(type ? { type } : {}),
      });
    }
    at = next;
  }
  return fields;
}

function sendError(res: ServerResponse, status: number, message: string, type: string, retryAfter?: number): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
  });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedModelRequest[] = [];
  const transcriptions: RecordedTranscription[] = [];
  const transcripts: string[] = [];
  const queue: ScriptedReply[] = [];
  const keyed = new Map<string, ScriptedReply>();
  const sockets = new Set<Socket>();
  let fallback = DEFAULT_REPLY;
  let decide: ((body: ChatRequestBody) => ScriptedReply | undefined) | undefined;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      const form = formData(raw, req.headers['content-type'] ?? '');
      const file = form.get('file');
      const model = form.get('model')?.value.toString('utf8');
      if (!file || !model)
        return sendError(res, 400, 'A transcription needs a file and a model.', 'invalid_request_error');
      transcriptions.push({ model, fileName: file.fileName ?? '', fileType: file.type ?? '', file: file.value });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ text: transcripts.shift() ?? 'Hello from a recording.' }));
    }
    if (req.method === 'POST' && req.url === '/v1/embeddings') {
      if (api.embeddingsDown) return sendError(res, 503, 'The embedding model is not loaded.', 'server_error');
      const body = JSON.parse(raw.toString('utf8')) as { model?: unknown; input?: unknown };
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      if (typeof body.model !== 'string' || !Array.isArray(input) || !input.every((t) => typeof t === 'string'))
        return sendError(res, 400, 'Embeddings need a model and input texts.', 'invalid_request_error');
      api.embedded.push(...(input as string[]));
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: (input as string[]).map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    }
    // The model list, as OpenAI-compatible servers give it (the service's /readyz asks for it).
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'test' }] }),
      );
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return sendError(res, 404, `Unknown path ${req.url}`, 'invalid_request_error');
    const text = raw.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return sendError(res, 400, 'The body is not JSON.', 'invalid_request_error');
    }
    const body = asChatRequest(parsed);
    if (!body) return sendError(res, 400, 'A chat completion needs a model and messages.', 'invalid_request_error');
    const toolError = toolTurnError(body.messages);
    const record: RecordedModelRequest = {
      method: req.method,
      path: req.url,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body,
      disconnected: false,
      sent: 0,
      closed: new Promise((resolve) =>
        res.once('close', () => {
          record.disconnected = !res.writableFinished;
          resolve();
        }),
      ),
    };
    requests.push(record);
    if (toolError) return sendError(res, 400, toolError, 'invalid_request_error');
    const asked = textOf(body.messages.filter((m) => m.role === 'user').at(-1));
    const reply =
      [...keyed].find(([match]) => asked.includes(match))?.[1] ?? decide?.(body) ?? queue.shift() ?? fallback;
    if (body.tools?.length && (reply.refuseTools || api.toolsUnsupported))
      return sendError(
        res,
        400,
        `registry.ollama.ai/library/${body.model} does not support tools`,
        'invalid_request_error',
      );
    if (reply.serverError)
      return sendError(
        res,
        reply.status ?? 500,
        reply.serverError,
        reply.status === 429 ? 'rate_limit_exceeded' : 'server_error',
        reply.retryAfter,
      );
    if (reply.silent) return; // `closed` settles when the client leaves
    if (body.stream !== true)
      return sendError(res, 400, 'The fake model server only streams.', 'invalid_request_error');
    await stream(res, body, reply, record);
  }

  async function stream(
    res: ServerResponse,
    body: ChatRequestBody,
    reply: ScriptedReply,
    record: RecordedModelRequest,
  ): Promise<void> {
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const withUsage = body.stream_options?.include_usage === true;
    const chunk = (choices: unknown[], usage: unknown = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_fake', choices, ...(withUsage ? { usage } : {}) })}\n\n`;
    const choice = (delta: Record<string, unknown>, finish: string | null) => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finish,
    });

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(chunk([choice({ role: 'assistant', content: '' }, null)]));
    const pieces = reply.chunks ?? words(reply.text);
    for (const [i, piece] of pieces.entries()) {
      // Cut only once what was sent has reached the socket, so the client reads it before the cut.
      if (i === reply.failAfter) {
        await flushed(res);
        return void res.socket?.destroy();
      }
      if (i === reply.malformedAfter)
        return void res.end('data: {"id": "chatcmpl-broken", "choices": [{"delta": {"content": "oops\n\n');
      if (i === reply.holdAfter) {
        if (!reply.until) return; // the test aborts; `closed` settles when the client leaves
        await reply.until;
      }
      if (reply.delayMs) await pause(reply.delayMs);
      if (res.destroyed) return;
      record.sent += piece.length;
      // As a real server does, it waits while the client is behind.
      if (!res.write(chunk([choice({ content: piece }, null)]))) await roomOrGone(res);
    }
    const calls = reply.toolCalls ?? [];
    // Each call's first delta names it; the rest carry its arguments, by index.
    const deltas = calls.map((c, index) =>
      split(c.arguments, c.pieces ?? 3).map((args, i) => ({
        index,
        ...(i === 0
          ? { id: c.id ?? `call_${index}`, type: 'function', function: { name: c.name, arguments: args } }
          : { function: { arguments: args } }),
      })),
    );
    const order = reply.interleave
      ? Array.from({ length: Math.max(0, ...deltas.map((d) => d.length)) }, (_, i) =>
          deltas.flatMap((d) => (d[i] ? [d[i]] : [])),
        ).flat()
      : deltas.flat();
    for (const delta of order) {
      if (res.destroyed) return;
      res.write(chunk([choice({ tool_calls: [delta] }, null)]));
    }
    res.write(chunk([choice({}, calls.length ? 'tool_calls' : 'stop')]));
    if (withUsage && !reply.omitUsage) {
      const prompt = reply.usage?.prompt ?? 0;
      const completion = reply.usage?.completion ?? pieces.length;
      res.write(chunk([], { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }));
    }
    res.end('data: [DONE]\n\n');
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const api: FakeModelServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    transcriptions,
    transcribe: (...texts) => void transcripts.push(...texts),
    script: (...replies) => void queue.push(...replies),
    scriptFor: (match, reply) => void keyed.set(match, reply),
    always: (reply) => void (fallback = reply),
    respond: (fn) => void (decide = fn),
    toolsUnsupported: false,
    embedded: [],
    embeddingsDown: false,
    reset: () => {
      fallback = DEFAULT_REPLY;
      decide = undefined;
      api.toolsUnsupported = false;
      api.embeddingsDown = false;
      api.embedded.length = 0;
      requests.length = 0;
      transcriptions.length = 0;
      transcripts.length = 0;
      queue.length = 0;
      keyed.clear();
    },
    close: async () => {
      // Held streams never end on their own; cut them so close() returns.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return api;
}
