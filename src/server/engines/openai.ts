/**
 * Answers from an OpenAI-compatible model server (Ollama, vLLM, llama.cpp, OpenAI) through the
 * official client: the chatbot's SystemMessage, Temperature / 10, AIResponseLanguage, the local
 * date and time in its TimeZone, the conversation so far, and the listings the question is about.
 * Tokens stream straight through; the server's usage becomes TotalToken.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Listing } from '../../protocol/index.ts';
import { localDateTime } from '../time.ts';
import { estimateTokens, type AnswerEngine, type AnswerInput, type AnswerMeta } from './index.ts';
import { addressText, priceText } from './format.ts';
import { matching } from './match.ts';
import { parseQuestion } from './query.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
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

export function systemPrompt(input: AnswerInput): string {
  const s = input.settings;
  const criteria = parseQuestion(input.question.content, input.listings, input.now);
  const relevant = criteria.aboutListings ? matching(input.listings, criteria).slice(0, CONTEXT_LISTINGS) : [];
  const parts = [
    s.SystemMessage || `You are ${s.Name}, the assistant of a real-estate business. Answer visitors' questions helpfully and briefly.`,
    `The current local date and time is ${localDateTime(input.now, s.TimeZone)}.`,
    s.AIResponseLanguage ? `Always answer in ${s.AIResponseLanguage}.` : "Answer in the visitor's language.",
    'Format answers in Markdown. Name listings by address with a link to their page; never invent listings, prices or facts.',
  ];
  if (relevant.length) parts.push(`Listings that match the visitor's question:\n${relevant.map(listingFacts).join('\n')}`);
  else if (criteria.aboutListings) parts.push('No listing matches what the visitor asked for; say so and suggest widening the search.');
  return parts.join('\n\n');
}

export function createOpenAiEngine(options: OpenAiOptions): AnswerEngine {
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey || 'not-needed', maxRetries: 0 });
  return {
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      const system = systemPrompt(input);
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        ...input.history.map((m): ChatCompletionMessageParam => ({ role: m.role, content: m.content })),
        { role: 'user', content: input.question.content },
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
      return { noAnswer: text.trim() === '', totalTokens: total ?? estimateTokens(system, input.question.content, text) };
    },
  };
}
