// A TEST DOUBLE FOR THE LANGUAGE MODEL ONLY: a tiny OpenAI-compatible server
// (`POST /v1/chat/completions`, streamed or not) that answers whatever the test scripts — chosen
// SQL, a chosen sentence — after a chosen delay, and counts the calls it gets. Everything else in
// the security suite is real: the edge in workerd, the guard, the bounded engine, the CLI.

import http from 'node:http';

/** Starts the double on 127.0.0.1. `script.reply(body)` gives the text of each answer (default:
 *  "I don't know."), `script.delayMs` delays each answer; `calls` counts completions asked for. */
export async function startScriptedLlm() {
  const script = {
    calls: 0,
    delayMs: 0,
    reply: () => "I don't know.",
    url: '',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model' }] }));
      return;
    }
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      script.calls += 1;
      let body = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      const text = String(script.reply(body));
      setTimeout(() => {
        if (res.destroyed) return;
        if (body.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`);
          res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
          res.end('data: [DONE]\n\n');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'scripted', object: 'chat.completion', model: 'scripted', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] }));
        }
      }, script.delayMs);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  script.url = `http://127.0.0.1:${server.address().port}`;
  script.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(r);
    });
  return script;
}
