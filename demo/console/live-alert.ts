/**
 * How the Live page calls the owner when a visitor asks for a person: a short tone (WebAudio — no
 * sound file to ship or fetch) and, while the tab is hidden, a browser notification. Permission to
 * notify is asked only from the owner's click: browsers refuse, and remember refusing, a prompt
 * that comes on load.
 */

/** The browser's answer so far: 'default' until asked; 'unsupported' without the Notification API. */
export type NotifyPermission = NotificationPermission | 'unsupported';

export class LiveAlerts {
  /** Made on the first tone; a page may only start sound after the owner has interacted with it. */
  #audio: AudioContext | null = null;

  get permission(): NotifyPermission {
    return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  }

  /** Asks to notify; call it from a click. */
  async askPermission(): Promise<NotifyPermission> {
    if (typeof Notification === 'undefined') return 'unsupported';
    // A click is also the moment sound may start: the tone's context is made here, running.
    this.#context();
    return Notification.requestPermission();
  }

  /** Two short rising tones, quiet; nothing when the browser has no WebAudio or refuses it. */
  beep(): void {
    const audio = this.#context();
    if (!audio) return;
    void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.01;
    for (const [i, hz] of [660, 880].entries()) {
      const at = start + i * 0.16;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      // A ramp in and out: a tone cut off at full volume clicks.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.15);
    }
  }

  /** A notification, only while the page is hidden (in sight, the page itself shows the request) and allowed. */
  notify(title: string, body: string, tag: string, onOpen: () => void): void {
    if (document.visibilityState !== 'hidden' || this.permission !== 'granted') return;
    try {
      const shown = new Notification(title, { body, tag });
      shown.onclick = () => {
        window.focus();
        onOpen();
        shown.close();
      };
    } catch {
      // Some browsers (Chrome on Android) notify only from a service worker; the tone and the page remain.
    }
  }

  close(): void {
    void this.#audio?.close().catch(() => undefined);
    this.#audio = null;
  }

  #context(): AudioContext | null {
    if (!this.#audio && typeof AudioContext !== 'undefined') {
      try {
        this.#audio = new AudioContext();
      } catch {
        return null;
      }
    }
    return this.#audio;
  }
}
