// Security (issue 20, items 1–3) against the real edge in workerd: who may make it work, what a
// read of an unknown collection leaves behind, and what malicious SQL from the model gets. The
// language model is a scripted test double (scripted_llm.mjs); the guard, the bounded engine, the
// Durable Objects and the CLI that publishes are the real ones.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { filesUnder, publish, refineColumns, startEdge } from './harness.mjs';
import { startScriptedLlm } from './scripted_llm.mjs';

const TOKEN = 'security-token';
const APP = 'https://app.example';
const EVIL = 'https://evil.example';

let llm;
let edge;

before(async () => {
  llm = await startScriptedLlm();
  edge = await startEdge({
    PUBLISH_TOKENS: `${TOKEN}=people`,
    LLM_BASE_URL: llm.url,
    LLM_TIMEOUT_MS: '10000',
    ALLOWED_ORIGINS: APP,
    RATE_LIMIT_PER_MINUTE: '0',
  });
  await publish(edge, 'people', TOKEN);
});

after(async () => {
  await edge?.stop();
  await llm?.close();
});

const sqlTables = [{ name: 'people', columns: ['name', 'city', 'age', 'occupation'].map((name) => ({ name, type: name === 'age' ? 'integer' : 'text', examples: [] })) }];
const hit = { score: 1, text: 'Bruno Costa lives in Porto and is a teacher.', provenance: { file: 'people.csv', table: 'people', row: 2, columns: ['name', 'city', 'occupation'] } };

/** One body per endpoint that computes something: each valid JSON, as a page would send it. */
const ENDPOINTS = {
  '/v1/refine': { table: 'people', columns: refineColumns(4) },
  '/v1/sql': { question: 'How many people are older than 30?', tables: sqlTables },
  '/v1/answer': { question: 'What does Bruno Costa do?', passages: [hit] },
  '/v1/collections/people/ask': { question: 'Tell me about Bruno Costa' },
  '/v1/collections/people/search': { text: 'Porto', k: 1 },
  '/v1/collections/people/feedback': { vote: 'up', question: 'q' },
};

const post = (p, body, headers = {}) => fetch(`${edge.base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test('cross-origin text/plain POSTs (no preflight) are refused before anything is computed', async () => {
  llm.calls = 0;
  for (const [p, body] of Object.entries(ENDPOINTS)) {
    // What any site's page can make a visitor's browser send: a "simple" request, no preflight.
    const res = await fetch(`${edge.base}${p}`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });
    assert.equal(res.status, 403, `${p}: ${res.status} ${await res.clone().text()}`);
    assert.equal((await res.json()).error, 'origin_not_allowed', p);
    assert.equal(res.headers.get('access-control-allow-origin'), null, p);
    // The same with JSON (a preflight would have stopped the browser; a script can still send it).
    const json = await post(p, body, { origin: EVIL });
    assert.equal(json.status, 403, `${p} as JSON from ${EVIL}: ${json.status}`);
  }
  assert.equal(llm.calls, 0, 'no backend call for a refused request');
  // Nothing was recorded either: the only vote so far would be the evil one.
  const votes = await (await fetch(`${edge.base}/v1/collections/people/feedback`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
  assert.equal(votes.up + votes.down, 0, JSON.stringify(votes));
});

test('a body that is not declared JSON is a 415, even from the allowed origin', async () => {
  llm.calls = 0;
  for (const [p, body] of Object.entries(ENDPOINTS)) {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
      const headers = { origin: APP, authorization: `Bearer ${TOKEN}` };
      if (type) headers['content-type'] = type;
      const res = await fetch(`${edge.base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
      assert.equal(res.status, 415, `${p} as ${type}: ${res.status} ${await res.clone().text()}`);
      assert.equal((await res.json()).error, 'unsupported_media_type');
    }
  }
  assert.equal(llm.calls, 0);
  // The allowed origin's preflight admits JSON and the collection header.
  const pre = await fetch(`${edge.base}/v1/sql`, { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-tabletalk-collection' } });
  assert.equal(pre.status, 204);
  assert.match(pre.headers.get('access-control-allow-headers'), /x-tabletalk-collection/);
});

test('the LLM endpoints need a publish token or a published collection', async () => {
  llm.reply = () => '```sql\nSELECT COUNT(*) FROM "people" WHERE "age" > 30\n```';
  llm.calls = 0;
  for (const p of ['/v1/refine', '/v1/sql', '/v1/answer']) {
    const none = await post(p, ENDPOINTS[p], { origin: APP });
    assert.equal(none.status, 401, `${p} without a token or collection: ${none.status}`);
    assert.equal((await none.json()).error, 'unauthorized');
    const wrong = await post(p, ENDPOINTS[p], { authorization: 'Bearer not-a-token' });
    assert.equal(wrong.status, 403, `${p} with an unknown token: ${wrong.status}`);
    const unknown = await post(p, ENDPOINTS[p], { 'x-tabletalk-collection': 'never-published' });
    assert.equal(unknown.status, 404, `${p} for an unpublished collection: ${unknown.status}`);
    const malformed = await post(p, ENDPOINTS[p], { 'x-tabletalk-collection': '../People' });
    assert.equal(malformed.status, 400, `${p} for a malformed id: ${malformed.status}`);
  }
  assert.equal(llm.calls, 0, 'no backend call without access');
  // A published collection or a token opens them.
  const byCollection = await post('/v1/sql', ENDPOINTS['/v1/sql'], { origin: APP, 'x-tabletalk-collection': 'people' });
  assert.equal(byCollection.status, 200, await byCollection.clone().text());
  assert.equal(byCollection.headers.get('access-control-allow-origin'), APP);
  assert.match((await byCollection.json()).sql, /^SELECT COUNT/);
  const byToken = await post('/v1/sql', ENDPOINTS['/v1/sql'], { authorization: `Bearer ${TOKEN}` });
  assert.equal(byToken.status, 200);
  assert.equal(llm.calls, 2);
});

test('reads of unknown collection ids answer 404 and leave no storage', async () => {
  // The registry of published ids exists once the first read asked it (above); count from here.
  const before = filesUnder(edge.state);
  assert.ok(before.some((f) => f.endsWith('.sqlite')), `the published collection is stored: ${before.join(', ')}`);
  for (let i = 0; i < 5; i++) {
    const id = `unknown-${i}-${Date.now()}`;
    const get = await fetch(`${edge.base}/v1/collections/${id}`);
    assert.equal(get.status, 404);
    assert.equal((await get.json()).error, 'not_found');
    assert.equal((await post(`/v1/collections/${id}/search`, { text: 'x' })).status, 404);
    assert.equal((await post(`/v1/collections/${id}/ask`, { question: 'How many rows are there?' })).status, 404);
    assert.equal((await post(`/v1/collections/${id}/feedback`, { vote: 'up', question: 'q' })).status, 404);
    const votes = await fetch(`${edge.base}/v1/collections/${id}/feedback`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.ok([403, 404].includes(votes.status), String(votes.status));
  }
  const afterReads = filesUnder(edge.state);
  assert.deepEqual(afterReads.filter((f) => !before.includes(f)), [], 'no new storage file');
  // The published one still answers.
  assert.equal((await fetch(`${edge.base}/v1/collections/people`)).status, 200);
});

// Statements a model that follows a visitor's instructions could write (issue 20, item 1).
const MALICIOUS = {
  'a recursive CTE named like the table (never ends)': 'WITH RECURSIVE "people" AS (SELECT 1 UNION ALL SELECT 1 FROM "people") SELECT COUNT(*) FROM "people"',
  'a CTE that forges the table': 'WITH "people" AS (SELECT 999 AS "age") SELECT MAX("age") FROM "people"',
  'a 2 GB string': "SELECT length(repeat('x', 2000000000))",
  'a 2 GB pad over the table': "SELECT MAX(length(lpad(\"name\", 2000000000, 'b'))) FROM \"people\"",
  'no FROM': 'SELECT version()',
  'a three-way cross join': 'SELECT COUNT(*) FROM "people" a, "people" b, "people" c',
  'another table': 'SELECT * FROM "sqlite_master"',
  'a write': 'DELETE FROM "people"',
};

test('malicious SQL from the model: /v1/sql refuses it, never sends it back', async () => {
  for (const [what, sql] of Object.entries(MALICIOUS)) {
    llm.reply = () => `\`\`\`sql\n${sql}\n\`\`\``;
    const res = await post('/v1/sql', { question: 'How many people are there?', tables: sqlTables }, { 'x-tabletalk-collection': 'people' });
    const body = await res.json();
    assert.equal(res.status, 422, `${what}: ${res.status} ${JSON.stringify(body)}`);
    assert.equal(body.error, 'unprocessable');
    assert.equal(body.sql, undefined);
  }
});

test('malicious SQL from the model in a published collection: refused or bounded, never a forged answer', { timeout: 120000 }, async () => {
  // A computation the rules read only in part goes to LLM-written SQL in the collection's object.
  const question = 'What share of the total age belongs to people in Lisbon?';
  for (const [what, sql] of Object.entries(MALICIOUS)) {
    llm.reply = () => `\`\`\`sql\n${sql}\n\`\`\``;
    const calls = llm.calls;
    const started = Date.now();
    const res = await post('/v1/collections/people/ask', { question });
    const took = Date.now() - started;
    const a = await res.json();
    assert.ok(res.status < 500, `${what}: ${res.status} ${JSON.stringify(a)}`);
    assert.ok(took < 30000, `${what}: answered after ${took} ms`);
    assert.ok(llm.calls > calls || !a.wants_sql, `${what}: the model was asked (${JSON.stringify(a)})`);
    assert.notEqual(a.approximate, true, `${what}: an answer computed from the model's SQL: ${JSON.stringify(a)}`);
    // The refusal may quote the statement; the answer itself never states its number.
    const said = a.answer.replace(/\(The language model gave no answer:[\s\S]*$/, '');
    assert.ok(!/999/.test(said) && a.value !== 999, `${what}: a forged number: ${a.answer}`);
    assert.ok(!a.sql || !a.sql.includes(sql), `${what}: the statement ran: ${a.sql}`);
    if (a.wants_sql) assert.match(a.answer, /The language model gave no answer/, what);
    // The object still answers exactly afterwards.
    const exact = await (await post('/v1/collections/people/ask', { question: 'How many people are older than 35?' })).json();
    assert.equal(exact.value, 3, `${what}: then ${JSON.stringify(exact)}`);
  }
});
