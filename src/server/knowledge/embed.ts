/**
 * The passages' embeddings made in the background (LLM_EMBEDDING_MODEL): whatever passage has none
 * — an FAQ entry just written, a page just read, every passage after the model changed — is sent
 * to the model server EMBED_BATCH at a time and its vector kept (store/knowledge-vectors.ts). One
 * run at a time per app; started after each write, and by the knowledge's sweep (http/app.ts). A model
 * server that fails stops the run until the next kick or sweep: until then those passages are
 * found by their words alone. Two instances may embed one passage at once: the first vector kept wins.
 */
import { EMBED_BATCH, type Embedder } from '../engines/model/embeddings.ts';
import type { Db } from '../store/db-types.ts';
import { forgetOtherModels, saveEmbeddings, unembedded } from '../store/knowledge-vectors.ts';

export interface EmbedDeps {
  db: Db;
  embedder: Embedder;
  /** The model server or the database failed: logged, and tried again later. */
  failed(error: unknown): void;
}

/** What a passage is embedded as: its heading, its other phrasings, its text. */
export const passageText = (p: { heading: string; aliases: string; body: string }) =>
  [p.heading, p.aliases, p.body].filter(Boolean).join('\n');

export function passageEmbedder(deps: EmbedDeps) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let forgotten = false;

  const run = async (): Promise<void> => {
    if (!forgotten) {
      await forgetOtherModels(deps.db, deps.embedder.model);
      forgotten = true;
    }
    while (!closed) {
      const batch = await unembedded(deps.db, EMBED_BATCH);
      if (!batch.length) return;
      const vectors = await deps.embedder.embed(batch.map(passageText));
      await saveEmbeddings(
        deps.db,
        deps.embedder.model,
        batch.map((p, i) => ({ id: p.id, vector: vectors[i]! })),
      );
    }
  };

  /** Embeds what waits, unless a run is going: then once more after it (what it may have missed). */
  const kick = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = run()
      .catch((error: unknown) => deps.failed(error))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  };

  return {
    kick,
    /** Resolves once no run is going (tests; a shutdown). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    async close(): Promise<void> {
      closed = true;
      await running;
    },
  };
}
export type PassageEmbedder = ReturnType<typeof passageEmbedder>;
