/**
 * Answers from an OpenAI-compatible model server (Ollama, vLLM, llama.cpp, OpenAI) through the
 * official client: the chatbot's SystemMessage, Temperature / 10, AIResponseLanguage, the local
 * date and time in its TimeZone, the conversation so far (the listings each answer showed written
 * out, so "the second one" means something), and the listings the offline engine's reading of the
 * question finds. The model may search for itself with tools (tools.ts) — the engine runs them and
 * asks again, a bounded number of rounds — and a server that refuses tools is remembered and asked
 * with the listings in the prompt instead. Tokens stream straight through; after the text come the
 * facts guard's corrections (guard.ts), the cards of the listings it named among those it was given
 * (protocol/cards.ts), and follow-up suggestions (protocol/answer.ts). What the model is told: prompt.ts.
 */
import { setTimeout as delay } from 'node:timers/promises';
import OpenAI, { toFile } from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { describeFile } from '../answer/offline.ts';
import { answerIfPerson } from '../answer/person.ts';
import {
  CARDS_INFO,
  SLOTS_INFO,
  slotsBlock,
  type OfferedSlot,
  SUGGESTIONS_INFO,
  answerProse,
  cardsBlock,
  sourcesBlock,
  suggestionsBlock,
} from '../../../protocol/index.ts';
import { citationFilter, citations } from './citations.ts';
import { knowledgeFor } from './knowledge-tool.ts';
import { checkFacts, correctionNote } from './guard.ts';
import {
  ModelUnavailable,
  estimateTokens,
  type AnswerEngine,
  type AnswerInput,
  type AnswerMeta,
  type AttachedFile,
} from '../index.ts';
import { knownFor } from '../search/conversation.ts';
import { listingsNamedIn } from '../search/mentions.ts';
import { askedOf } from '../reading/asked.ts';
import { earlierAnswer, inView, listingContext, systemPrompt } from './prompt.ts';
import { listingSuggestions, searchSuggestions } from '../answer/suggest.ts';
import { runTool, toolDefinitions } from './tools.ts';
import { english, namedLanguage, writes, writingFor, type Writing } from '../writing/index.ts';
import type { LanguageCode } from '../languages/types.ts';

export { listingContext, systemPrompt, type ListingContext } from './prompt.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** The model of `/audio/transcriptions`, which turns a recording into the question's text. */
  transcriptionModel?: string;
  /** Give the model tools: `auto` (the default) until the server refuses them, `on` always, `off` never. */
  tools?: 'auto' | 'on' | 'off';
  /** How many rounds of tool calls an answer may take before the model must answer. */
  maxToolRounds?: number;
  /** How long the server may take to its first token (LLM_TIMEOUT_MS); past it the answer fails (not sent again). */
  firstTokenTimeoutMs?: number;
  /** How long the server may go silent once it streams (LLM_IDLE_TIMEOUT_MS); past it the answer fails. */
  idleTimeoutMs?: number;
  /** How many times a request that failed quickly (no connection, 429, 5xx) before its first token is sent again (LLM_RETRIES). */
  retries?: number;
}

export const MAX_TOOL_ROUNDS = 4;
export const FIRST_TOKEN_TIMEOUT_MS = 60_000;
export const IDLE_TIMEOUT_MS = 30_000;
export const RETRIES = 2;
/** The first wait before a retry; it doubles (a 429's Retry-After is taken when it asks for longer, up to MAX_RETRY_WAIT_MS). */
const RETRY_WAIT_MS = 500;
const MAX_RETRY_WAIT_MS = 5_000;

/**
 * What a model server failing quickly looks like, worth sending the request again before anything
 * streamed: no connection, 408, 409, 429, 5xx. Not a timeout: the server had its whole time, and a
 * visitor would wait it again — LLM_TIMEOUT_MS is the longest they wait for a first token.
 */
const transient = (error: unknown) =>
  !(error instanceof ModelTimeout) &&
  (error instanceof OpenAI.APIConnectionError ||
    (error instanceof OpenAI.APIError && ([408, 409, 429].includes(error.status ?? 0) || (error.status ?? 0) >= 500)));

class ModelTimeout extends Error {
  override readonly name = 'ModelTimeout';
}

/** The visitor-safe reason: which way the model server failed, never what it said. */
function reasonOf(error: unknown): string {
  if (error instanceof ModelTimeout) return error.message;
  if (error instanceof OpenAI.APIConnectionError) return 'the model server could not be reached';
  if (error instanceof OpenAI.APIError && error.status) return `the model server answered HTTP ${error.status}`;
  return 'the model server sent what is not a chat completion stream';
}

/** The seconds a 429's Retry-After asks for, if any. */
function retryAfterMs(error: unknown): number {
  const value = error instanceof OpenAI.APIError ? error.headers?.get('retry-after') : null;
  const s = Number(value);
  return value && Number.isFinite(s) && s >= 0 ? s * 1000 : 0;
}

/** A server that does not take tools says so with an error that names them (Ollama, vLLM, llama.cpp). */
const refusesTools = (error: unknown) =>
  error instanceof OpenAI.APIError &&
  [400, 404, 422, 500, 501].includes(error.status ?? 0) &&
  /tool|function/i.test(error.message);

/**
 * The sentences the engine adds to a model's answer — suggestions, a correction, an apology — in the
 * language the model answers in: the owner's AIResponseLanguage, else the question's. None when it is
 * a language the engine does not write (no suggestions then: never chips in another language).
 */
function answerWords(owner: string, question: LanguageCode, locale: string | undefined): Writing | undefined {
  const answering = answerLanguage(owner, question);
  return answering && writes(answering) ? writingFor(owner, question, locale) : undefined;
}

/** The language the model is told to answer in: the owner's, else the question's; undefined for one the engine cannot name. */
const answerLanguage = (owner: string, question: LanguageCode): LanguageCode | undefined =>
  owner.trim() ? namedLanguage(owner) : question;

export function createOpenAiEngine(options: OpenAiOptions): AnswerEngine {
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey || 'not-needed', maxRetries: 0 });
  const maxRounds = options.maxToolRounds ?? MAX_TOOL_ROUNDS;
  /** Models whose server refused tools (asked with the listings in the prompt from then on), or took them. */
  const toolSupport = new Map<string, boolean>();

  /**
   * The visitor's turn: images as image parts (data URLs, so the model server needs no access to
   * this service), recordings transcribed first, videos described in words.
   */
  async function question(
    input: AnswerInput,
    signal: AbortSignal,
  ): Promise<{ content: string | ChatCompletionContentPart[]; text: string }> {
    const { content, files } = input.question;
    if (!files.length) return { content, text: content };
    if (files[0]!.kind === 'Image') {
      const images = await Promise.all(
        files.map(async (f): Promise<ChatCompletionContentPart> => ({
          type: 'image_url',
          image_url: { url: `data:${f.mimeType};base64,${(await f.whole()).toString('base64')}` },
        })),
      );
      const text = content || 'What can you tell me about this?';
      return { content: [{ type: 'text', text }, ...images], text };
    }
    if (files[0]!.kind === 'Audio') {
      const heard = await Promise.all(files.map((f) => transcribe(f, signal)));
      const text = [content, ...heard].filter(Boolean).join('\n\n');
      return { content: text, text };
    }
    const seen = await Promise.all(files.map((f) => describeFile(f)));
    const text = `${content ? `${content}\n\n` : ''}[The visitor attached ${seen.join('; ')}. You cannot watch it: say so, and offer help with what they are looking for.]`;
    return { content: text, text };
  }

  async function transcribe(f: AttachedFile, signal: AbortSignal): Promise<string> {
    const file = await toFile(await f.whole(), `recording-${f.id}.wav`, { type: f.mimeType });
    try {
      const result = await client.audio.transcriptions.create(
        { file, model: options.transcriptionModel ?? 'whisper-1' },
        { signal, timeout: firstMs, maxRetries: retries },
      );
      return result.text.trim();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ModelUnavailable(reasonOf(error), { cause: error });
    }
  }

  const firstMs = options.firstTokenTimeoutMs ?? FIRST_TOKEN_TIMEOUT_MS;
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const retries = options.retries ?? RETRIES;

  /**
   * One chat completion, streamed: its chunks as they come. The server has `firstMs` to its first
   * token (content or a tool call) and `idleMs` between chunks after that. A request that fails
   * quickly before its first token — no connection, 429, 5xx — is sent again up to `retries`
   * times, after 0.5 s, 1 s… (a 429's Retry-After when longer); once a token has come nothing is
   * sent again — the visitor has seen it. A failure leaves as ModelUnavailable, but what `keep`
   * says is the caller's to handle leaves as it is.
   */
  async function* completion(
    body: ChatCompletionCreateParamsStreaming,
    signal: AbortSignal,
    keep: (error: unknown) => boolean,
  ): AsyncGenerator<ChatCompletionChunk> {
    for (let attempt = 0; ; attempt++) {
      const abort = new AbortController();
      const leave = () => abort.abort();
      signal.addEventListener('abort', leave, { once: true });
      const timeout: { timer?: NodeJS.Timeout; error?: ModelTimeout } = {};
      const arm = (ms: number, what: string) => {
        clearTimeout(timeout.timer);
        timeout.timer = setTimeout(() => {
          timeout.error = new ModelTimeout(`the model server ${what} for ${ms / 1000} s`);
          abort.abort();
        }, ms);
      };
      let started = false;
      try {
        arm(firstMs, 'sent no token');
        const stream = await client.chat.completions.create(body, { signal: abort.signal });
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          started ||= Boolean(delta?.content || delta?.tool_calls?.length);
          // The time the answer's reader takes is not the server's: the clock stops while it has the chunk.
          if (started) clearTimeout(timeout.timer);
          yield chunk;
          if (started) arm(idleMs, 'went silent');
        }
        // The client's stream ends quietly when aborted: a timeout is a failure all the same.
        if (timeout.error) throw timeout.error;
        return;
      } catch (error) {
        if (signal.aborted) throw error;
        const cause = timeout.error ?? error;
        if (keep(cause)) throw cause;
        if (started || attempt >= retries || !transient(cause)) throw new ModelUnavailable(reasonOf(cause), { cause });
        await delay(
          Math.min(MAX_RETRY_WAIT_MS, Math.max(RETRY_WAIT_MS * 2 ** attempt, retryAfterMs(cause))),
          undefined,
          { signal },
        );
      } finally {
        clearTimeout(timeout.timer);
        signal.removeEventListener('abort', leave);
      }
    }
  }

  const withTools = () =>
    options.tools === 'on' || (options.tools !== 'off' && toolSupport.get(options.model) !== false);

  return {
    /** The model server answers its model list with this key (/readyz). */
    async check(signal) {
      await client.models.list({ signal });
    },
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      // A person, or a viewing a person arranges: the way to one, as the offline engine gives it — no model asked.
      const handoff = await answerIfPerson(input);
      if (handoff) {
        yield handoff.text;
        return {
          noAnswer: handoff.noAnswer,
          totalTokens: estimateTokens(input.question.content, handoff.text),
          language: handoff.language,
        };
      }
      const asked = await question(input, signal);
      const asking = { ...input, question: { ...input.question, content: asked.text } };
      const context = await listingContext(asking);
      // The listings the earlier answers showed, looked up at once.
      const shownBefore = await knownFor(
        input.catalog,
        [],
        input.history.filter((m) => m.role === 'assistant').map((m) => m.content),
      );
      const given = inView(context);
      let criteria = context.criteria;
      let tools = withTools();
      // Showing hours set: the model may look up free times to see a home (find_viewing_slots).
      const viewings = input.viewingSlots
        ? { slots: input.viewingSlots, timeZone: input.settings.TimeZone, now: input.now }
        : undefined;
      let offered: OfferedSlot[] = [];
      // The owner's knowledge: the passages the question finds, numbered for citing; search_knowledge for more.
      const cite = citations();
      const base = input.knowledge && (await input.knowledge.any()) ? input.knowledge : undefined;
      const passages = base ? await knowledgeFor(base, asked.text, cite) : [];
      const knowledge = (searchable: boolean) => (base ? { passages, searchable } : undefined);
      const filter = citationFilter(cite.has, Boolean(base), cite.written);
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt(asking, context, tools, knowledge(tools)) },
        ...input.history.map((m): ChatCompletionMessageParam =>
          m.role === 'assistant'
            ? { role: 'assistant', content: earlierAnswer(m.content, shownBefore) }
            : { role: 'user', content: m.content },
        ),
        { role: 'user', content: asked.content },
      ];
      let text = '';
      let total: number | null = null;
      let unanswered = false;
      for (let round = 0; ; round++) {
        const last = round >= maxRounds;
        const body: ChatCompletionCreateParamsStreaming = {
          model: options.model,
          messages,
          temperature: input.settings.Temperature / 10,
          stream: true,
          stream_options: { include_usage: true },
          ...(tools
            ? {
                tools: toolDefinitions(input.catalog.vocabulary, Boolean(base), Boolean(viewings)),
                tool_choice: last ? ('none' as const) : ('auto' as const),
              }
            : {}),
        };
        // A server that refuses tools does so at once, on the first round: that is not a failure.
        const fallBack = tools && round === 0 && options.tools !== 'on';
        const stream = completion(body, signal, (error) => fallBack && refusesTools(error));
        const calls: { id: string; name: string; arguments: string }[] = [];
        let said = '';
        let first;
        try {
          first = await stream.next();
        } catch (error) {
          if (!fallBack || !refusesTools(error)) throw error;
          // This server takes no tools: remember it, and give the model the listings in the prompt.
          toolSupport.set(options.model, false);
          tools = false;
          messages[0] = { role: 'system', content: systemPrompt(asking, context, false, knowledge(false)) };
          round--;
          continue;
        }
        for await (const chunk of prepend(first, stream)) {
          const delta = chunk.choices[0]?.delta;
          let piece = delta?.content ?? '';
          if (piece) {
            // What the model says after looking something up starts a paragraph of its own.
            if (!said && text && !/\s$/.test(text)) piece = `\n\n${piece}`;
            said += piece;
            // A citation of a passage it was not given is dropped on the way (citations.ts).
            const out = filter.push(piece);
            text += out;
            if (out) yield out;
          }
          for (const part of delta?.tool_calls ?? []) {
            const call = (calls[part.index] ??= { id: '', name: '', arguments: '' });
            if (part.id) call.id = part.id;
            if (part.function?.name) call.name += part.function.name;
            if (part.function?.arguments) call.arguments += part.function.arguments;
          }
          if (chunk.usage) total = (total ?? 0) + chunk.usage.total_tokens;
        }
        const pending = calls.filter(Boolean);
        if (signal.aborted || !pending.length || !tools) break;
        if (last) {
          unanswered = !text.trim();
          break;
        }
        toolSupport.set(options.model, true);
        const toolCalls: ChatCompletionMessageFunctionToolCall[] = pending.map((c, i) => ({
          id: c.id || `call_${round}_${i}`,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        }));
        messages.push({ role: 'assistant', content: said || null, tool_calls: toolCalls });
        for (const call of toolCalls) {
          const result = await runTool(call.function.name, call.function.arguments, input.catalog, {
            mortgageRate: input.settings.MortgageRate,
            ...(base ? { knowledge: { base, cite } } : {}),
            ...(viewings ? { viewings } : {}),
          });
          if (result.slots?.length) offered = result.slots;
          for (const l of result.listings) if (!given.includes(l)) given.push(l);
          if (result.criteria) criteria = result.criteria;
          messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
        }
      }
      const held = filter.end();
      if (held && !signal.aborted) {
        text += held;
        yield held;
      }
      if (signal.aborted) return { noAnswer: false, totalTokens: total ?? 0 };
      const w = answerWords(input.settings.AIResponseLanguage, context.language, input.locale);
      if (unanswered) {
        const sorry = (w ?? english).unfinished();
        text += sorry;
        yield sorry;
      }
      const corrections = checkFacts(answerProse(text), given);
      const note = correctionNote(corrections, w);
      if (note) yield `\n\n${note}`;
      const named = new RegExp(`^\`\`\`${CARDS_INFO}`, 'm').test(text) ? [] : listingsNamedIn(text, given);
      yield* blockFragments(cardsBlock(named));
      yield* blockFragments(sourcesBlock(cite.sourcesOf(filter.cited)));
      // The times the tool found last, as buttons to book with (a model's own slots block is its words).
      if (offered.length && !new RegExp(`^\`\`\`${SLOTS_INFO}`, 'm').test(text))
        yield* blockFragments(slotsBlock(offered));
      if (w && !new RegExp(`^\`\`\`${SUGGESTIONS_INFO}`, 'm').test(text) && text.trim() && !unanswered) {
        const next =
          named.length === 1
            ? listingSuggestions(named[0]!, input.settings, w)
            : named.length > 1 && criteria
              ? await searchSuggestions(
                  criteria,
                  { total: (await input.catalog.search(criteria, { from: 0, count: 0 })).total, from: 0 },
                  named,
                  input.catalog,
                  input.settings,
                  [],
                  w,
                )
              : [];
        yield* blockFragments(suggestionsBlock(next));
      }
      const searched = askedOf(criteria);
      return {
        // What the chatbot cannot know is the owner's to hear of, whatever the model said.
        noAnswer: text.trim() === '' || unanswered || context.reading.kind === 'outside',
        totalTokens: total ?? estimateTokens(String(messages[0]!.content), asked.text, text),
        factsCorrected: corrections.length,
        language: answerLanguage(input.settings.AIResponseLanguage, context.language),
        ...(searched ? { asked: searched } : {}),
      };
    },
  };
}

/** The stream again, its first step already taken. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/** A block after the answer, one fragment per line so it streams; none for an empty block. */
const blockFragments = (block: string): string[] => (block ? `\n\n${block}`.split(/(?<=\n)(?=[^\n])/) : []);
