/**
 * Answers from an OpenAI-compatible model server (Ollama, vLLM, llama.cpp, OpenAI) through the
 * official client: the chatbot's SystemMessage, Temperature / 10, AIResponseLanguage, the local
 * date and time in its TimeZone, the conversation so far, and the listings the question is about.
 * Tokens stream straight through; the server's usage becomes TotalToken. After the model's text come
 * the cards (protocol/cards.ts) of the listings it named among those it was given.
 */
import { readFile } from 'node:fs/promises';
import OpenAI, { toFile } from 'openai';
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describeFile } from '../files/facts.ts';
import { CARDS_INFO, addressText, cardsBlock, withoutCards, type Listing } from '../../protocol/index.ts';
import { localDateTime } from '../time.ts';
import { estimateTokens, type AnswerEngine, type AnswerInput, type AnswerMeta, type AttachedFile } from './index.ts';
import { priceText } from './format.ts';
import { matching } from './match.ts';
import { listingsNamedIn } from './mentions.ts';
import { parseQuestion } from './query.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** The model of `/audio/transcriptions`, which turns a recording into the question's text. */
  transcriptionModel?: string;
}

/** How many listings go into the context. */
const CONTEXT_LISTINGS = 12;

function listingFacts(l: Listing): string {
  const facts = [
    `${addressText(l)} — ${priceText(l)}, ${l.SaleType === 'for_rent' ? 'for rent' : 'for sale'}, status ${l.Status}`,
    `${l.Bedrooms} bedrooms, ${l.Bathrooms} bathrooms, ${l.BuildingArea} ${l.AreaUnit}, ${l.PropertyType}, built ${l.YearBuilt}, parking ${l.ParkingSpots}`,
    `MLS ${l.MLSNumber}; link ${l.Url}${l.Images[0] ? `; photo ${l.Images[0]}` : ''}${l.Tours ? `; tour: ${l.Tours}` : ''}`,
  ];
  if (l.Description) facts.push(l.Description.slice(0, 400));
  return `- ${facts.join('\n  ')}`;
}

/** The listings the model is given: those the question is about, if it is about listings. */
interface ListingContext {
  aboutListings: boolean;
  relevant: Listing[];
}

function listingContext(input: AnswerInput): ListingContext {
  const criteria = parseQuestion(input.question.content, input.listings, input.now);
  return { aboutListings: criteria.aboutListings, relevant: criteria.aboutListings ? matching(input.listings, criteria).slice(0, CONTEXT_LISTINGS) : [] };
}

export function systemPrompt(input: AnswerInput, { aboutListings, relevant }: ListingContext = listingContext(input)): string {
  const s = input.settings;
  const parts = [
    s.SystemMessage || `You are ${s.Name}, the assistant of a real-estate business. Answer visitors' questions helpfully and briefly.`,
    `The current local date and time is ${localDateTime(input.now, s.TimeZone)}.`,
    s.AIResponseLanguage ? `Always answer in ${s.AIResponseLanguage}.` : "Answer in the visitor's language.",
    'Format answers in Markdown. Name listings by address with a link to their page; never invent listings, prices or facts.',
  ];
  if (relevant.length) parts.push(`Listings that match the visitor's question:\n${relevant.map(listingFacts).join('\n')}`);
  else if (aboutListings) parts.push('No listing matches what the visitor asked for; say so and suggest widening the search.');
  return parts.join('\n\n');
}

export function createOpenAiEngine(options: OpenAiOptions): AnswerEngine {
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey || 'not-needed', maxRetries: 0 });

  /**
   * The visitor's turn: images as image parts (data URLs, so the model server needs no access to
   * this service), recordings transcribed first, videos described in words.
   */
  async function question(input: AnswerInput, signal: AbortSignal): Promise<{ content: string | ChatCompletionContentPart[]; text: string }> {
    const { content, files } = input.question;
    if (!files.length) return { content, text: content };
    if (files[0]!.kind === 'Image') {
      const images = await Promise.all(
        files.map(async (f): Promise<ChatCompletionContentPart> => ({ type: 'image_url', image_url: { url: `data:${f.mimeType};base64,${(await readFile(f.path)).toString('base64')}` } })),
      );
      const text = content || 'What can you tell me about this?';
      return { content: [{ type: 'text', text }, ...images], text };
    }
    if (files[0]!.kind === 'Audio') {
      const heard = await Promise.all(files.map((f) => transcribe(f, signal)));
      const text = [content, ...heard].filter(Boolean).join('\n\n');
      return { content: text, text };
    }
    const seen = await Promise.all(files.map(describeFile));
    const text = `${content ? `${content}\n\n` : ''}[The visitor attached ${seen.join('; ')}. You cannot watch it: say so, and offer help with what they are looking for.]`;
    return { content: text, text };
  }

  async function transcribe(f: AttachedFile, signal: AbortSignal): Promise<string> {
    const file = await toFile(await readFile(f.path), `recording-${f.id}.wav`, { type: f.mimeType });
    const result = await client.audio.transcriptions.create({ file, model: options.transcriptionModel ?? 'whisper-1' }, { signal });
    return result.text.trim();
  }

  return {
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      const asked = await question(input, signal);
      const asking = { ...input, question: { ...input.question, content: asked.text } };
      const context = listingContext(asking);
      const system = systemPrompt(asking, context);
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        // Earlier answers without their cards: the model is not to imitate the JSON, which only costs tokens.
        ...input.history.map((m): ChatCompletionMessageParam => ({ role: m.role, content: m.role === 'assistant' ? withoutCards(m.content) : m.content })),
        { role: 'user', content: asked.content },
      ];
      const stream = await client.chat.completions.create(
        { model: options.model, messages, temperature: input.settings.Temperature / 10, stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      let text = '';
      let total: number | null = null;
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content ?? '';
        if (piece) {
          text += piece;
          yield piece;
        }
        if (chunk.usage) total = chunk.usage.total_tokens;
      }
      if (!signal.aborted) yield* cardFragments(text, context.relevant);
      return { noAnswer: text.trim() === '', totalTokens: total ?? estimateTokens(system, asked.text, text) };
    },
  };
}

/**
 * The cards of the given listings the model's text names, one fragment per line so they stream;
 * none when it names none or wrote a block of its own.
 */
function cardFragments(text: string, given: Listing[]): string[] {
  if (new RegExp(`^\`\`\`${CARDS_INFO}`, 'm').test(text)) return [];
  const block = cardsBlock(listingsNamedIn(text, given));
  return block ? `\n\n${block}`.split(/(?<=\n)(?=[^\n])/) : [];
}
