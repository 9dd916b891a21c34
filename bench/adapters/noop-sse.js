// The floor for a widget fed by a real stream: `noop`'s plain text, but each fragment arrives as
// chat-bot's do — one SSE event `data: {"content": …}` on a streamed Response body, read with a
// reader through a TextDecoderStream, split into events and JSON-parsed before it is appended.
// chat-bot ÷ noop-sse is what the widget costs beyond receiving the stream and showing plain text.
import * as noop from './noop.js';

const encoder = new TextEncoder();

export async function mount(host, opts) {
  const text = await noop.mount(host, opts);
  let controller = null;
  let reading = null;
  async function read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = JSON.parse(event.slice('data: '.length));
        if (typeof data.content === 'string') text.push(data.content);
      }
    }
  }
  return {
    ...text,
    async beginStream() {
      await text.beginStream();
      const response = new Response(
        new ReadableStream({
          start(c) {
            controller = c;
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
      reading = read(response.body);
    },
    push(fragment) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ content: fragment })}\n\n`));
    },
    async endStream() {
      controller.close();
      await reading;
      await text.endStream();
    },
  };
}
