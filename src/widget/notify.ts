/**
 * What the page chose to hear of an answer the visitor has not seen (the `sound` and
 * `notify-title` of <chat-bot>): a short chime, and the tab's title flashing the count until the
 * visitor is back. A chunk of its own, loaded the first time it is needed.
 */
import { notifyEn } from './strings/notify.ts';
import { fill, type Strings } from './strings/index.ts';

/** `count` answers wait unseen: a chime if `sound`, the count in the tab's title if `title` (and the tab is hidden). */
export function notify(count: number, sound: boolean, title: boolean, strings: Partial<Strings>): void {
  if (sound) chime();
  if (title) flashTitle(fill(strings.newMessageTitle ?? notifyEn.newMessageTitle, { n: count }));
}

let audio: AudioContext | undefined;

/**
 * Two soft notes (WebAudio, no file to fetch). Only once the page has had a gesture of the
 * visitor's: before that, browsers' autoplay rules keep an AudioContext silent, and a page that
 * never asked for sound should not make one.
 */
function chime(): void {
  if (!navigator.userActivation?.hasBeenActive) return;
  audio ??= new AudioContext();
  void audio.resume();
  const now = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const start = now + i * 0.14;
    const note = new OscillatorNode(audio!, { frequency });
    const level = new GainNode(audio!, { gain: 0 });
    level.gain.linearRampToValueAtTime(0.12, start + 0.02);
    level.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
    note.connect(level).connect(audio!.destination);
    note.start(start);
    note.stop(start + 0.32);
  });
}

/** The page's own title while it flashes (the page may change it meanwhile: that is kept), and what this module last put there. */
let own = '';
let shown = '';
/** What the title flashes now. */
let flash = '';
let timer: ReturnType<typeof setInterval> | undefined;
const onVisible = () => !document.hidden && stopFlashing();

/** Flashes `text` ("(2) New message") in the tab's title, once a second, until the tab is visible again. */
function flashTitle(text: string): void {
  if (!document.hidden) return;
  flash = text;
  if (!timer) {
    own = document.title;
    timer = setInterval(() => {
      // The page set a title of its own meanwhile: that is the one to come back to.
      if (document.title !== shown) own = document.title;
      document.title = shown = shown === flash ? own : flash;
    }, 1000);
    document.addEventListener('visibilitychange', onVisible);
  }
  document.title = shown = text;
}

/** The page's title back as it was, or as the page has since set it. */
function stopFlashing(): void {
  if (!timer) return;
  clearInterval(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', onVisible);
  if (document.title === shown) document.title = own;
}
