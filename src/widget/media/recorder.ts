/**
 * Push-to-talk capture: the microphone through an AudioWorklet, as Float32 blocks that become a
 * 16-bit PCM mono WAV (media/wav.ts) — a real WAV, not a webm stream with a .wav name.
 */
import { encodeWav } from './wav.ts';

export interface Recording {
  /** Ends the capture: the WAV of everything recorded, and its length in seconds. */
  stop(): Promise<{ wav: Uint8Array<ArrayBuffer>; seconds: number }>;
  /** Ends the capture and throws it away. */
  cancel(): void;
}

/** Why recording could not start: the visitor refused the microphone, or there is none. */
export class MicrophoneError extends Error {
  constructor(readonly reason: 'denied' | 'missing') {
    super(reason === 'denied' ? 'The microphone is blocked' : 'No microphone was found');
  }
}

/**
 * The worklet is a file of its own beside this module's code (the build copies it next to the
 * chunks, and the service serves it with them): a page with a strict Content-Security-Policy
 * refuses worklets from blob: or data: URLs. Named in a variable so that no bundler inlines it.
 */
const WORKLET = 'chat-bot.pcm-worklet.js';
const workletUrl = () => new URL(WORKLET, import.meta.url).href;

/** Starts capturing; `onLevel` hears the loudness (0–1) about ten times a second. */
export async function startRecording(onLevel: (level: number) => void): Promise<Recording> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
  } catch (error) {
    const name = (error as DOMException).name;
    throw new MicrophoneError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing');
  }
  const context = new AudioContext();
  const end = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  try {
    await context.audioWorklet.addModule(workletUrl());
  } catch (error) {
    end();
    throw error;
  }
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, 'chat-bot-pcm', {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
  });
  const blocks: Float32Array[] = [];
  let flushed: (() => void) | null = null;
  node.port.onmessage = ({ data }: MessageEvent<Float32Array>) => {
    blocks.push(data);
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += data[i]! * data[i]!;
    onLevel(Math.min(1, Math.sqrt(sum / (data.length || 1)) * 4));
    if (data.length < 4096) flushed?.();
  };
  source.connect(node);
  return {
    async stop() {
      const done = new Promise<void>((resolve) => (flushed = resolve));
      node.port.postMessage('flush');
      await Promise.race([done, new Promise((r) => setTimeout(r, 500))]);
      source.disconnect();
      const sampleRate = context.sampleRate;
      end();
      const wav = encodeWav(blocks, sampleRate);
      return { wav, seconds: blocks.reduce((n, b) => n + b.length, 0) / sampleRate };
    },
    cancel() {
      source.disconnect();
      end();
    },
  };
}
