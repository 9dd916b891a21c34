/**
 * The welcome message beside the closed launcher: put up once the settings are in when the chatbot
 * has one, the visitor has no conversation yet and — with ChatbotPopupOnce — has not seen it before;
 * taken down for good when the visitor dismisses it or the panel opens.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetSettings } from '../settings.ts';
import { keys, type WidgetStorage } from '../storage.ts';

export class WelcomePopupController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #unwanted: () => boolean;
  /** Whether the popup is up. */
  visible = false;

  /** `unwanted`: the panel is open, or inline (no launcher to sit beside). */
  constructor(host: ReactiveControllerHost, unwanted: () => boolean) {
    this.#host = host;
    this.#unwanted = unwanted;
    host.addController(this);
  }

  async maybeShow(settings: WidgetSettings, storage: WidgetStorage, serialNumber: string): Promise<void> {
    if (!settings.WelcomeMessage || this.#unwanted()) return;
    const flags = (await storage.get<{ popupSeen?: boolean }>(keys.flags(serialNumber))) ?? {};
    const conversation = await storage.get<{ messages?: unknown[] }>(keys.conversation(serialNumber));
    if ((settings.ChatbotPopupOnce && flags.popupSeen) || conversation?.messages?.length) return;
    this.visible = true;
    this.#host.requestUpdate();
    if (settings.ChatbotPopupOnce) await storage.set(keys.flags(serialNumber), { ...flags, popupSeen: true });
  }

  /** Takes the popup down; true when it was up. */
  dismiss(): boolean {
    const was = this.visible;
    this.visible = false;
    this.#host.requestUpdate();
    return was;
  }

  hostUpdate(): void {
    if (this.#unwanted()) this.visible = false;
  }
}
