#!/usr/bin/env node
// The floor of bench/service-load.mjs (issue 22): what bare node:http does on these cores with the
// same wire work as the service and none of its own — no database, no engine, no validation, no
// auth. GetSession answers a session (the envelope, a counter); ClientAsk reads and parses its JSON
// body, then streams the fragments it was given (the file named by argv[2]: the service's own
// answer to the benchmark's question, recorded by service-load.mjs) as the service does — SSE
// headers, one `data:` event per fragment, a turn of the event loop between fragments, then the final
// object. Listens on 127.0.0.1, port 0, and prints its address as the service does.
import fs from 'node:fs';
import http from 'node:http';

const fragments = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const answer = fragments.join('');
const event = (data) => `data: ${JSON.stringify(data)}\n\n`;
const envelope = (Data) => JSON.stringify({ Data, Version: '1.0.0', Success: true, Code: 200, Message: '' });
let sessions = 0;
let answers = 0;

function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  const body = await readJson(req).catch(() => null);
  if (!body) return res.writeHead(400).end();
  if (req.url === '/chat/Chatbot/GetSession') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    return res.end(
      envelope({
        SessionID: ++sessions,
        VisitorToken: 'floor',
        ExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
  }
  if (req.url !== '/chat/Chat/ClientAsk') return res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const id = ++answers;
  for (const content of fragments) {
    if (res.destroyed) return;
    res.write(event({ content }));
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end(event({ QuestionID: id * 2 - 1, AnswerID: id * 2, Answer: answer, TotalToken: 0 }));
});
server.listen(0, '127.0.0.1', () => console.log(`floor listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
