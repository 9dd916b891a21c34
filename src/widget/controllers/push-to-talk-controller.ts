/**
 * Push-to-talk's recording, for the media toolbar: the microphone records while the button is
 * held, the toolbar shows its level and time, and the release gives the recording as a WAV file —
 * at the longest MAX_SECONDS, when it ends by itself as if released.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { startRecording, type Recording } from '../media/recorder.ts';

/** The longest recording, in seconds. */
const MAX_SECONDS = 120;

export class PushToTalkController implements ReactiveController {
  /** The microphone is recording. */
  recording = false;
  /** The loudness now, 0–1. */
  level = 0;
  /** Seconds recorded. */
  elapsed = 0;

  #recorder: Recording | null = null;
  /** The microphone starting: set from the press to the release (or the cancel). */
  #starting: Promise<void> | null = null;
  #timer = 0;
  /** Where the held recording goes when it ends: what record() returned waits on it. */
  #deliver: ((file: File | null) => void) | null = null;

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The button is held: the microphone is starting or recording. */
  get held(): boolean {
    return this.#starting !== null;
  }

  /**
   * Records until released (finish), cancelled or MAX_SECONDS: the recording, or null when it was
   * cancelled or too short to be one (a tap). Rejects when the microphone cannot start
   * (MicrophoneError, or what else the browser threw).
   */
  record(): Promise<File | null> {
    return new Promise((resolve, reject) => {
      this.#deliver = resolve;
      this.#starting = (async () => {
        try {
          this.#recorder = await startRecording((level) => this.#set({ level }));
        } catch (error) {
          this.#starting = null;
          reject(error);
          return;
        }
        if (!this.#starting) return this.#recorder.cancel(); // released or cancelled while starting
        this.#set({ recording: true });
        const began = performance.now();
        this.#timer = window.setInterval(() => {
          this.#set({ elapsed: (performance.now() - began) / 1000 });
          if (this.elapsed >= MAX_SECONDS) void this.finish();
        }, 250);
      })();
    });
  }

  /** The release: the recording ends, and record() gives it. */
  async finish(): Promise<void> {
    const starting = this.#starting;
    if (!starting) return;
    // Released: the pointerleave a touch screen sends after pointerup is not a slide away.
    this.#starting = null;
    await starting;
    const recorder = this.#recorder;
    const deliver = this.#deliver;
    this.#stop();
    if (!recorder) return deliver?.(null);
    const { wav, seconds } = await recorder.stop();
    if (seconds < 0.3) return deliver?.(null); // a tap, not a recording
    deliver?.(
      new File([wav], `recording-${new Date().toISOString().replace(/[:.]/g, '-')}.wav`, { type: 'audio/wav' }),
    );
  }

  /** Sliding away, Escape, or the toolbar leaving the page: the recording is thrown away. */
  cancel(): void {
    const deliver = this.#deliver;
    this.#recorder?.cancel();
    this.#stop();
    deliver?.(null);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#starting = null;
    this.#recorder = null;
    this.#deliver = null;
    this.#set({ recording: false, level: 0, elapsed: 0 });
  }

  #set(change: Partial<Pick<PushToTalkController, 'recording' | 'level' | 'elapsed'>>): void {
    Object.assign(this, change);
    this.#host.requestUpdate();
  }
}
