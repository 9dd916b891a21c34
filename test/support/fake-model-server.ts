/**
 * A model server on loopback that speaks OpenAI's Chat Completions streaming wire format, for
 * testing the OpenAI-compatible engine through the real `openai` client rather than a mock of it.
 * `POST /v1/chat/completions` with `stream: true` answers as OpenAI does: a role chunk, content
 * chunks, a `finish_reason: "stop"` chunk, the usage chunk (`choices: []`) when
 * `stream_options.include_usage` is set, then `data: [DONE]`. Each request plays the next scripted
 * reply (or the default one); every request is recorded with its body, headers and whether the
 * client went away before the response ended. `POST /v1/audio/transcriptions` (multipart, as the
 * client sends it) answers `{ text }`: the scripted transcript, recorded with the file it was given.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What one request gets back. */
export interface ScriptedReply {
  /** The answer's text, streamed as `chunks` when given (they must join to `text`), else in words. */
  text: string;
  chunks?: string[];
  /** A pause before each content chunk. */
  delayMs?: number;
  /** Destroy the socket after this many content chunks, mid-stream. */
  failAfter?: number;
  /** Send this many content chunks, then wait until the client goes away. */
  holdAfter?: number;
  /** Send no usage chunk even when the request asks for one. */
  omitUsage?: boolean;
  /** Answer with HTTP 500 and OpenAI's error JSON carrying this message instead of a stream. */
  serverError?: string;
  /** The token counts of the usage chunk (`total_tokens` is their sum). */
  usage?: { prompt: number; completion: number };
}

/** A part of a user message with images: text, or an image by URL (a data: URL from the engine). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: string;
  content: string | ContentPart[];
}

/** The text of a message, its text parts joined. */
export const textOf = (m: ChatMessage | undefined): string =>
  typeof m?.content === 'string' ? m.content : (m?.content ?? []).flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

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
}

export interface RecordedModelRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: ChatRequestBody;
  /** The client went away before the response ended. */
  disconnected: boolean;
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
  /** Forget the recorded requests and any unplayed replies. */
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_REPLY: ScriptedReply = { text: 'Hello from the fake model.', usage: { prompt: 30, completion: 6 } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPart = (v: unknown) =>
  isRecord(v) && ((v.type === 'text' && typeof v.text === 'string') || (v.type === 'image_url' && isRecord(v.image_url) && typeof v.image_url.url === 'string'));
const isMessage = (v: unknown): v is ChatMessage =>
  isRecord(v) && typeof v.role === 'string' && (typeof v.content === 'string' || (Array.isArray(v.content) && v.content.every(isPart)));

function asChatRequest(v: unknown): ChatRequestBody | null {
  if (!isRecord(v) || typeof v.model !== 'string' || !Array.isArray(v.messages) || !v.messages.every(isMessage)) return null;
  return v as unknown as ChatRequestBody;
}

const words = (text: string) => text.split(/(?<=\s)(?=\S)/);
/** Settles once everything written to `res` so far has been handed to the operating system. */
const flushed = (res: ServerResponse) => new Promise<void>((resolve) => res.write('', () => resolve()));
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
      fields.set(name, { value: part.subarray(split + 4), ...(fileName !== undefined ? { fileName } : {}), ...(type ? { type } : {}) });
    }
    at = next;
  }
  return fields;
}

function sendError(res: ServerResponse, status: number, message: string, type: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedModelRequest[] = [];
  const transcriptions: RecordedTranscription[] = [];
  const transcripts: string[] = [];
  const queue: ScriptedReply[] = [];
  const keyed = new Map<string, ScriptedReply>();
  const sockets = new Set<Socket>();

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
      if (!file || !model) return sendError(res, 400, 'A transcription needs a file and a model.', 'invalid_request_error');
      transcriptions.push({ model, fileName: file.fileName ?? '', fileType: file.type ?? '', file: file.value });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ text: transcripts.shift() ?? 'Hello from a recording.' }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return sendError(res, 404, `Unknown path ${req.url}`, 'invalid_request_error');
    const text = raw.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return sendError(res, 400, 'The body is not JSON.', 'invalid_request_error');
    }
    const body = asChatRequest(parsed);
    if (!body) return sendError(res, 400, 'A chat completion needs a model and messages.', 'invalid_request_error');
    const record: RecordedModelRequest = {
      method: req.method,
      path: req.url,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body,
      disconnected: false,
      closed: new Promise((resolve) =>
        res.once('close', () => {
          record.disconnected = !res.writableFinished;
          resolve();
        }),
      ),
    };
    requests.push(record);
    const asked = textOf(body.messages.filter((m) => m.role === 'user').at(-1));
    const reply = [...keyed].find(([match]) => asked.includes(match))?.[1] ?? queue.shift() ?? DEFAULT_REPLY;
    if (reply.serverError) return sendError(res, 500, reply.serverError, 'server_error');
    if (body.stream !== true) return sendError(res, 400, 'The fake model server only streams.', 'invalid_request_error');
    await stream(res, body, reply);
  }

  async function stream(res: ServerResponse, body: ChatRequestBody, reply: ScriptedReply): Promise<void> {
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const withUsage = body.stream_options?.include_usage === true;
    const chunk = (choices: unknown[], usage: unknown = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_fake', choices, ...(withUsage ? { usage } : {}) })}\n\n`;
    const choice = (delta: Record<string, string>, finish: string | null) => ({ index: 0, delta, logprobs: null, finish_reason: finish });

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk([choice({ role: 'assistant', content: '' }, null)]));
    const pieces = reply.chunks ?? words(reply.text);
    for (const [i, piece] of pieces.entries()) {
      // Cut only once what was sent has reached the socket, so the client reads it before the cut.
      if (i === reply.failAfter) {
        await flushed(res);
        return void res.socket?.destroy();
      }
      if (i === reply.holdAfter) return; // the test aborts; `closed` settles when the client leaves
      if (reply.delayMs) await pause(reply.delayMs);
      if (res.destroyed) return;
      res.write(chunk([choice({ content: piece }, null)]));
    }
    res.write(chunk([choice({}, 'stop')]));
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
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    transcriptions,
    transcribe: (...texts) => void transcripts.push(...texts),
    script: (...replies) => void queue.push(...replies),
    scriptFor: (match, reply) => void keyed.set(match, reply),
    reset: () => {
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
}
