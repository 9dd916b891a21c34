import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KnowledgeKind, KnowledgeListBody, KnowledgePage, KnowledgeSource } from 'chat-bot-element';
import { STATE_WORDS, reading, sourceName } from './knowledge-words.ts';

export const PAGE_SIZE = 10;
/** How often a page showing a source being read looks again: the service reads in the background. */
const LOOK_AGAIN_MS = 3_000;

type ListQuery = Omit<KnowledgeListBody, 'SerialNumber'>;

/**
 * A page of the chatbot's knowledge sources (KnowledgeList): the owner's own, or a sitemap's pages;
 * of every Kind or one. While a source on it is being read, it looks again every few seconds and
 * tells `said` when a reading ends.
 */
export class KnowledgeListController implements ReactiveController {
  items: KnowledgeSource[] | null = null;
  total = 0;
  page = 1;
  kind: KnowledgeKind | '' = '';
  /** The sitemap whose pages are shown; null for the owner's own sources. */
  parent: KnowledgeSource | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The newest read: an older one may answer after it, and is then dropped. */
  #reads = 0;

  constructor(
    private host: ReactiveControllerHost,
    private list: (query: ListQuery) => Promise<KnowledgePage>,
    private said: (message: string) => void,
    private failed: (error: unknown) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.total / PAGE_SIZE));
  }

  /** Shows a page once it has arrived, so the caption never names a page whose rows are not there yet. */
  async load(page = this.page): Promise<void> {
    clearTimeout(this.#timer);
    const mine = ++this.#reads;
    try {
      const data = await this.list({
        Page: page,
        PageSize: PAGE_SIZE,
        ...(this.kind ? { Kind: this.kind } : {}),
        ...(this.parent ? { Parent: this.parent.Id } : {}),
      });
      if (mine !== this.#reads) return;
      this.#tellFinished(data.Items);
      this.page = page;
      this.items = data.Items;
      this.total = data.Total;
      this.host.requestUpdate();
      if (data.Items.some(reading)) this.#timer = setTimeout(() => void this.load(), LOOK_AGAIN_MS);
    } catch (error) {
      if (mine === this.#reads) this.failed(error);
    }
  }

  /** The page to show after `removed` sources left it: this one, or the last there still is. */
  after(removed: number): number {
    return Math.min(this.page, Math.max(1, Math.ceil((this.total - removed) / PAGE_SIZE)));
  }

  /** Says which readings ended since the last look: a source that was being read and is not now. */
  #tellFinished(next: KnowledgeSource[]): void {
    const before = new Map((this.items ?? []).map((s) => [s.Id, s]));
    const ended = next.filter((s) => before.has(s.Id) && reading(before.get(s.Id)!) && !reading(s));
    if (!ended.length) return;
    this.said(
      ended
        .map((s) =>
          s.State === 'failed'
            ? `${STATE_WORDS.failed}: “${sourceName(s)}” (${s.Error}).`
            : `Read “${sourceName(s)}”: ${s.Passages} ${s.Passages === 1 ? 'passage' : 'passages'}.`,
        )
        .join(' '),
    );
  }
}
