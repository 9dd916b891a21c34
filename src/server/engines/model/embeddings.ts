/**
 * Embeddings from the model server (LLM_EMBEDDING_MODEL through OpenAI's `/embeddings`, which
 * Ollama, vLLM, llama.cpp and OpenAI all serve): the owner's passages and a visitor's question as
 * vectors, so a question that shares no word with the passage that answers it still finds it
 * (store/knowledge-vectors.ts compares them). Each vector comes back of unit length, so its dot
 * product with another is their cosine similarity, whatever the model's own scale.
 */
import OpenAI from 'openai';

export interface Embedder {
  /** LLM_EMBEDDING_MODEL: vectors of one model are compared only with vectors of the same. */
  model: string;
  /**
   * LLM_EMBEDDING_MIN_SIMILARITY: a passage this similar to the question (cosine) answers it even
   * when it shares too few of its words to reach the offline engine's bar (engines/knowledge/find.ts).
   */
  minSimilarity: number;
  /** The texts' vectors, in their order, each of unit length. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface EmbedderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  minSimilarity: number;
  /** How long one request may take before it fails. */
  timeoutMs?: number;
}

/** Passages sent to the model server in one request. */
export const EMBED_BATCH = 32;
/** A passage's text is cut to this many characters: within every common embedding model's input. */
export const EMBED_CHARS = 2_000;
const TIMEOUT_MS = 15_000;

/** `v` scaled to length 1 (a zero vector stays zero: it is like nothing). */
export function unit(v: readonly number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? v.map((x) => x / norm) : v.map(() => 0);
}

export function openAiEmbedder(options: EmbedderOptions): Embedder {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs ?? TIMEOUT_MS,
    maxRetries: 1,
  });
  return {
    model: options.model,
    minSimilarity: options.minSimilarity,
    async embed(texts, signal) {
      if (!texts.length) return [];
      const result = await client.embeddings.create(
        { model: options.model, input: texts.map((t) => t.slice(0, EMBED_CHARS)), encoding_format: 'float' },
        signal ? { signal } : {},
      );
      const byIndex = new Map(result.data.map((item) => [item.index, item.embedding]));
      const vectors = texts.map((_, i) => byIndex.get(i));
      // A server that answered fewer vectors than texts, or vectors of two sizes, answered wrongly.
      const size = vectors[0]?.length ?? 0;
      if (!size || vectors.some((v) => v?.length !== size))
        throw new Error(
          `The model server's /embeddings answered ${result.data.length} vectors for ${texts.length} texts, or vectors of different sizes`,
        );
      return vectors.map((v) => unit(v!));
    },
  };
}
