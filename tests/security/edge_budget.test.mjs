// Security (issue 20, item 2) against the real edge in workerd: the rate limit counts calls to
// the LLM backend, not only requests; one request has one wall-clock budget for all its calls;
// and a client cannot pick its own rate-limit key by sending an address header. The language
// model is a scripted test double (scripted_llm.mjs).
//
// The edge runs as a deployment behind a proxy would: CLIENT_ADDRESS_HEADER names the header the
// platform sets (here `x-test-client-address`, set by this test in the platform's place), so each
// test has a bucket of its own; every other address header is the client's word, and ignored.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { firstRow, freshWindow, publish, refineColumns, startEdge } from './harness.mjs';
import { startScriptedLlm } from './scripted_llm.mjs';

const TOKEN = 'budget-token';
const LIMIT = 40;
const PLATFORM_HEADER = 'x-test-client-address';

let llm;
let edge;

before(async () => {
  llm = await startScriptedLlm();
  edge = await startEdge({
    PUBLISH_TOKENS: `${TOKEN}=people`,
    LLM_BASE_URL: llm.url,
    LLM_TIMEOUT_MS: '2500',
    REQUEST_BUDGET_MS: '3000',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    CLIENT_ADDRESS_HEADER: PLATFORM_HEADER,
  });
  await publish(edge, 'people', TOKEN);
});

after(async () => {
  await edge?.stop();
  await llm?.close();
});

const post = (p, body, headers = {}) => fetch(`${edge.base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Cheap requests (one unit each: an unknown path) as `client` until the first 429; how many
 *  got through. */
async function untilLimited(client, extra = () => ({})) {
  for (let n = 0; n <= LIMIT + 1; n++) {
    const res = await fetch(`${edge.base}/no-such-route`, { headers: { [PLATFORM_HEADER]: client, ...extra(n) } });
    await res.arrayBuffer();
    if (res.status === 429) return n;
    assert.equal(res.status, 404);
  }
  return Infinity;
}

test('a refinement pays one unit per backend call, and one that cannot be paid makes none', async () => {
  await freshWindow();
  llm.delayMs = 0;
  llm.reply = () => 'It is a value.';
  const calls = llm.calls;
  const res = await post('/v1/refine', { table: 'people', columns: refineColumns(12), first_row: firstRow(12) }, { authorization: `Bearer ${TOKEN}`, [PLATFORM_HEADER]: 'refiner' });
  assert.equal(res.status, 200, await res.clone().text());
  const made = llm.calls - calls;
  assert.ok(made >= 12, `one call per field at least: ${made}`);
  // The request was one unit, each backend call one more: what is left is the rest.
  assert.equal(await untilLimited('refiner'), LIMIT - 1 - made, `${made} backend calls`);
  // Spent: a refinement is refused before its first call.
  const again = await post('/v1/refine', { table: 'people', columns: refineColumns(4), first_row: firstRow(4) }, { authorization: `Bearer ${TOKEN}`, [PLATFORM_HEADER]: 'refiner' });
  assert.equal(again.status, 429);
  assert.equal(llm.calls - calls, made, 'no call once the budget is spent');
});

test('a refinement bigger than the budget is refused before its first call', async () => {
  await freshWindow();
  const calls = llm.calls;
  // This client has spent nothing yet.
  assert.equal((await fetch(`${edge.base}/no-such-route`, { headers: { [PLATFORM_HEADER]: 'greedy' } })).status, 404);
  const res = await post('/v1/refine', { table: 'people', columns: refineColumns(LIMIT + 5), first_row: firstRow(LIMIT + 5) }, { authorization: `Bearer ${TOKEN}`, [PLATFORM_HEADER]: 'greedy' });
  assert.equal(res.status, 429, await res.clone().text());
  const body = await res.json();
  assert.equal(body.error, 'rate_limited');
  assert.match(body.message, new RegExp(`refining ${LIMIT + 5} fields takes at least ${LIMIT + 5} calls`));
  assert.ok(Number(res.headers.get('retry-after')) > 0);
  assert.equal(llm.calls, calls);
});

test('a question to a published collection pays for the backend calls its object makes', async () => {
  await freshWindow();
  llm.delayMs = 0;
  llm.reply = () => 'Bruno Costa is a teacher in Porto.';
  const calls = llm.calls;
  const res = await post('/v1/collections/people/ask', { question: 'Tell me about Bruno Costa' }, { [PLATFORM_HEADER]: 'asker' });
  assert.equal(res.status, 200, await res.clone().text());
  const a = await res.json();
  assert.equal(a.route, 'generated', JSON.stringify(a));
  const made = llm.calls - calls;
  assert.ok(made >= 1);
  assert.equal(await untilLimited('asker'), LIMIT - 1 - made, `${made} backend calls`);
  // Spent: even a question the exact path answers waits for the next minute.
  const exact = await post('/v1/collections/people/ask', { question: 'How many people are older than 35?' }, { [PLATFORM_HEADER]: 'asker' });
  assert.equal(exact.status, 429);
});

test('one wall-clock budget for all the backend calls of a request', async () => {
  await freshWindow();
  // Each call alone is within LLM_TIMEOUT_MS (2.5 s); twelve of them are not within 3 s.
  llm.delayMs = 1000;
  llm.reply = () => 'It is a value.';
  const calls = llm.calls;
  const started = Date.now();
  const res = await post('/v1/refine', { table: 'people', columns: refineColumns(12), first_row: firstRow(12) }, { authorization: `Bearer ${TOKEN}`, [PLATFORM_HEADER]: 'slow' });
  const took = Date.now() - started;
  llm.delayMs = 0;
  assert.equal(res.status, 504, `${res.status} after ${took} ms: ${await res.clone().text()}`);
  assert.equal((await res.json()).error, 'backend_timeout');
  assert.ok(took < 6000, `answered after ${took} ms`);
  assert.ok(llm.calls - calls <= 4, `${llm.calls - calls} calls`);
});

test('address headers a client sends do not give it a fresh rate limit', async () => {
  await freshWindow();
  // A different forged address on every request, in every header a proxy might use.
  const forged = (n) => {
    const ip = `203.0.113.${n % 250}`;
    return { 'cf-connecting-ip': ip, 'x-real-ip': ip, 'x-forwarded-for': ip, 'true-client-ip': ip, forwarded: `for=${ip}` };
  };
  const through = await untilLimited('forger', forged);
  assert.equal(through, LIMIT - 0, `the limit holds for one client whatever it sends: ${through}`);
  for (let n = 0; n < 10; n++) {
    const res = await fetch(`${edge.base}/no-such-route`, { headers: { [PLATFORM_HEADER]: 'forger', ...forged(100 + n) } });
    assert.equal(res.status, 429);
    await res.arrayBuffer();
  }
});
