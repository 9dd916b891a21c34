/**
 * The AudioWorklet of push-to-talk: passes the microphone's samples (the first channel, Float32)
 * to the page in blocks of 4,096, which become 16-bit PCM WAV there. Plain JavaScript: the browser
 * loads it as it is, beside the widget's other files.
 */
class ChatBotPcm extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(4096);
    this.used = 0;
    this.port.onmessage = () => {
      // Flush: the page asks for what is left when the recording ends.
      this.port.postMessage(this.block.slice(0, this.used));
      this.used = 0;
    };
  }

  process(inputs) {
    const samples = inputs[0] && inputs[0][0];
    if (!samples) return true;
    for (let i = 0; i < samples.length; i++) {
      this.block[this.used++] = samples[i];
      if (this.used === this.block.length) {
        this.port.postMessage(this.block.slice());
        this.used = 0;
      }
    }
    return true;
  }
}

registerProcessor('chat-bot-pcm', ChatBotPcm);
