// The embeddable chat widget (public/widget.js) in Debian Chromium against the real edge in
// workerd: tables published with the real `tabletalk publish`, the demo portal page (public/
// demo-portal.html, pointed at this test's edge) served from another origin, questions typed with
// the keyboard. Expected numbers and rows are computed here from the CSV text itself.
// The edge runs from edge/build as `cargo xtask test`'s edge build step left it (a copy of
// wrangler.toml without its [build] step): this test never rebuilds the worker.
// Screenshots of each step go to tests/artifacts/widget/.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

import { cargoBin, freePort, repoRoot, serveStatic, startProcess, testsDir, waitForHttp, prebuiltWranglerConfig, screenshot } from './support.mjs';

const run = promisify(execFile);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const tabletalkBin = cargoBin('tabletalk');
const shots = path.join(testsDir, 'artifacts', 'widget');
const TOKEN = 'widget-test-token';

const PEOPLE = `name,city,age,occupation
Alice Smith,Lisbon,34,engineer
Bruno Costa,Porto,41,teacher
Carla Diaz,Madrid,29,nurse
Daniel Weber,Berlin,52,baker
Elena Rossi,Rome,38,architect
Farid Haddad,Paris,45,pharmacist
Greta Lind,Stockholm,23,student
Hugo Martins,Porto,61,fisherman
Ines Duarte,Lisbon,47,lawyer
Jonas Berg,Oslo,36,carpenter
Karin Vogel,Vienna,30,chemist
Luca Bianchi,Milan,57,chef
`;
// No text column, so a list of rows is whole rows (not names); temp_min/temp_max make "temp" ambiguous.
const READINGS = `depth_m,temp_min,temp_max,salinity
5,14.2,18.5,35.1
10,13.8,17.9,35.2
20,12.9,16.4,35.4
40,11.5,14.8,35.6
80,10.2,12.6,35.7
120,9.4,11.1,35.8
200,8.1,9.6,35.9
400,6.3,7.2,35.5
`;
// Cells that are markup: shown as text, they do nothing; parsed as HTML, they would set __pwned.
const EVIL = `title,note,score
"<img src=x onerror=""window.__pwned=1"">",first,10
<script>window.__pwned=1</script>,second,20
"<b onmouseover=""window.__pwned=1"">bold</b>",third,30
plain,"<iframe src=javascript:window.__pwned=1></iframe>",40
`;

let work;
let site;
let server;
let edge;
let base;
let browser;
let llm;
/** What the fake LLM backend does: stream LLM_TEXT word by word, or drop the connection. */
let llmMode = 'down';
// One sentence the row states (its words and its number), one that no row supports.
const LLM_TEXT = 'Bruno Costa is a teacher in Porto, age 41. He has three cats.';

/** RFC 4180 rows (quotes doubled inside quoted fields): enough for the CSVs above. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  const [header, ...data] = rows;
  // `row` is the 1-based data-row number, as citations count.
  return data.map((r, i) => ({ row: i + 1, ...Object.fromEntries(header.map((h, j) => [h, r[j]])) }));
}

function startEdge(port, allowedOrigin, llmUrl) {
  const vars = {
    PUBLISH_TOKENS: `${TOKEN}=*`,
    ALLOWED_ORIGINS: allowedOrigin,
    LLM_BASE_URL: llmUrl,
    LLM_TIMEOUT_MS: '5000',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  const args = ['dev', '--config', prebuiltWranglerConfig(work), '--local', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--persist-to', path.join(work, 'state')];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  return startProcess(path.join(testsDir, 'node_modules', '.bin', 'wrangler'), args, {
    cwd: path.join(repoRoot, 'edge'),
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
}

async function publish(name, csv, collection) {
  const file = path.join(work, name);
  writeFileSync(file, csv);
  await run(tabletalkBin, ['publish', file, '--edge', base, '--token', TOKEN, '--collection', collection, '--json'], { cwd: repoRoot, maxBuffer: 1 << 24 });
}

/** The demo portal page with this test's edge and `collection` in place of the demo's. */
function portal(collection) {
  const html = readFileSync(path.join(repoRoot, 'public', 'demo-portal.html'), 'utf8');
  const out = html.replace('collection="demo"', `collection="${collection}"`).replace('edge="http://127.0.0.1:8787"', `edge="${base}"`);
  assert.notEqual(out, html, 'demo-portal.html no longer names collection "demo" and the :8787 edge');
  return out;
}

before(async () => {
  assert.ok(existsSync(tabletalkBin), `${tabletalkBin} is missing: cargo build -p tabletalk (or set TABLETALK_TABLETALK_BIN)`);
  assert.ok(existsSync(path.join(repoRoot, 'edge', 'build', 'worker', 'shim.mjs')), 'edge/build is missing: build the worker first (cargo xtask test does)');
  mkdirSync(shots, { recursive: true });
  work = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-widget-'));
  site = path.join(work, 'site');
  mkdirSync(site);
  for (const f of ['widget.js', 'widget.html']) copyFileSync(path.join(repoRoot, 'public', f), path.join(site, f));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Not here</title>'); // serveStatic's fallback
  server = await serveStatic(site);
  // An OpenAI-compatible backend that streams a fixed answer slowly (so the test sees it arrive)
  // or, when down, drops every connection: the edge then sends an `error` event and the rows.
  llm = http.createServer(async (req, res) => {
    if (llmMode === 'down') return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const word of LLM_TEXT.split(/(?<= )/)) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`);
      await new Promise((r) => setTimeout(r, 150));
    }
    res.end('data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
  });
  await new Promise((r) => llm.listen(0, '127.0.0.1', r));
  const edgePort = await freePort();
  base = `http://127.0.0.1:${edgePort}`;
  edge = startEdge(edgePort, server.url, `http://127.0.0.1:${llm.address().port}`);
  await waitForHttp(`${base}/health`, { timeoutMs: 600000, process: edge });
  await publish('people.csv', PEOPLE, 'people');
  await publish('readings.csv', READINGS, 'readings');
  await publish('evil.csv', EVIL, 'evil');
  writeFileSync(path.join(site, 'portal.html'), portal('people'));
  writeFileSync(path.join(site, 'readings.html'), portal('readings'));
  writeFileSync(path.join(site, 'evil.html'), portal('evil'));
  writeFileSync(path.join(site, 'down.html'), portal('people').replace(`edge="${base}"`, `edge="http://127.0.0.1:${await freePort()}"`));
  writeFileSync(
    path.join(site, 'iframe.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal with an iframe</title></head><body><main><h1>Portal</h1>` +
      `<iframe title="Ask the data" style="width:100%;height:560px;border:0" src="widget.html?collection=people&edge=${encodeURIComponent(base)}&lang=en"></iframe></main></body></html>`,
  );
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  await edge?.stop();
  llm?.closeAllConnections();
  llm?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const url = (page) => `${server.url}/${page}`;

async function open(page = 'portal.html') {
  const p = await browser.newPage({ viewport: { width: 1100, height: 1300 } });
  p.errors = [];
  p.on('pageerror', (e) => p.errors.push(String(e)));
  await p.goto(url(page));
  await p.locator('tabletalk-chat form').waitFor();
  return p;
}

/** The focused element, looking through shadow roots. */
const focused = (frame) =>
  frame.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return { tag: a?.tagName, label: a?.getAttribute('aria-label'), text: a?.textContent?.trim(), id: a?.id };
  });

/** Presses Tab (or Shift+Tab) until `want(focused)` holds: the keyboard path a user would take. */
async function tabTo(page, frame, want, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (want(await focused(frame))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached the element; last focused: ${JSON.stringify(await focused(frame))}`);
}

/** Types a question with the keyboard only: Tab to the question box, type, Enter. Returns the
 *  index of its answer card. */
async function typeQuestion(page, frame, chat, question) {
  const n = await chat.locator('.a').count();
  await tabTo(page, frame, (f) => f.tag === 'INPUT');
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  return n;
}

/** Asks with the keyboard only and waits for the answer card to be complete. */
async function askByKeyboard(page, frame, chat, question) {
  const n = await typeQuestion(page, frame, chat, question);
  await chat.locator('.a:not([aria-busy])').nth(n).waitFor({ timeout: 60000 });
  return chat.locator('.a').nth(n);
}

/** Rows cited in a card, as [file, row] pairs. */
const citedRows = (card) => card.locator('ul.cited > li[data-row]').evaluateAll((lis) => lis.map((li) => [li.dataset.file, Number(li.dataset.row)]));

test('a count asked with the keyboard: the number and the cited rows are the CSV\'s', async () => {
  const people = parseCsv(PEOPLE);
  const older = people.filter((p) => Number(p.age) > 35);
  const page = await open();
  const chat = page.locator('tabletalk-chat');
  await screenshot(page, path.join(shots, '1-portal.png'));
  const card = await askByKeyboard(page, page, chat, 'How many people are older than 35?');
  const text = await card.locator('.text').first().textContent();
  assert.equal(Number(text.match(/\d+/)?.[0]), older.length, text);
  assert.equal(await card.locator('.route').textContent(), 'Exact answer');
  assert.match(await card.locator('details.sql pre').textContent(), /SELECT COUNT\(\*\)/);
  // Back from the question box to "Cited rows", opened with Enter.
  await tabTo(page, page, (f) => f.tag === 'SUMMARY' && /^Cited rows/.test(f.text), { back: true });
  await page.keyboard.press('Enter');
  assert.equal(await card.locator('details.citations').getAttribute('open'), '');
  assert.deepEqual(await citedRows(card), older.map((p) => ['people.csv', p.row]));
  assert.deepEqual(page.errors, []);
  await screenshot(page, path.join(shots, '2-count-answer.png'));
  await page.close();
});

/** The [column, value] pairs shown when a cited row is opened. */
async function shownValues(card, row) {
  const li = card.locator(`ul.cited > li[data-row="${row}"]`);
  if ((await li.locator('details').getAttribute('open')) === null) await li.locator('summary').click();
  return li.locator('tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent]));
}

test('a list of rows: each cited row opens to its values, as in the CSV', async () => {
  const rows = parseCsv(READINGS);
  const deep = rows.filter((r) => Number(r.depth_m) > 15);
  assert.ok(deep.length > 5, 'more than five rows, so the edge answers without the language model');
  const page = await open('readings.html');
  const chat = page.locator('tabletalk-chat');
  const card = await askByKeyboard(page, page, chat, 'Show the rows where depth_m is above 15');
  assert.equal(await card.locator('.error').count(), 0);
  assert.deepEqual(await citedRows(card), deep.map((r) => ['readings.csv', r.row]));
  await card.locator('details.citations > summary').click();
  for (const r of deep) {
    assert.deepEqual(await shownValues(card, r.row), ['depth_m', 'temp_min', 'temp_max', 'salinity'].map((c) => [c, r[c]]));
  }
  await screenshot(page, path.join(shots, '3-list-rows.png'));
  await page.close();
});

test('a question back is answered with its option buttons, by keyboard', async () => {
  const rows = parseCsv(READINGS);
  const mean = rows.reduce((s, r) => s + Number(r.temp_max), 0) / rows.length;
  const page = await open('readings.html');
  const chat = page.locator('tabletalk-chat');
  const card = await askByKeyboard(page, page, chat, 'What is the average temp?');
  assert.equal(await card.locator('.route').textContent(), 'Question back');
  assert.deepEqual(await card.locator('.options button').allTextContents(), ['temp_min', 'temp_max']);
  await tabTo(page, page, (f) => f.tag === 'BUTTON' && f.text === 'temp_max', { back: true });
  await page.keyboard.press('Enter');
  const answer = chat.locator('.a:not([aria-busy])').nth(1);
  await answer.waitFor({ timeout: 60000 });
  assert.match(await answer.locator('.text').first().textContent(), new RegExp(`temp_max.*${mean.toFixed(2).replace('.', '\\.')}`));
  await screenshot(page, path.join(shots, '3b-clarify.png'));
  await page.close();
});

test('cells holding markup stay text: nothing runs, no element is made from them', async () => {
  llmMode = 'down';
  const rows = parseCsv(EVIL);
  const page = await open('evil.html');
  const chat = page.locator('tabletalk-chat');
  const list = await askByKeyboard(page, page, chat, 'Show the rows where score is above 0');
  const text = await list.locator('.text').first().textContent();
  for (const r of rows) assert.ok(text.includes(r.title), `${r.title} is in the answer as text`);
  assert.deepEqual((await citedRows(list)).sort((a, b) => a[1] - b[1]), rows.map((r) => ['evil.csv', r.row]));
  // One whole row, shown as a table of values (the LLM is down, so the edge sends the row itself).
  const plain = rows.find((r) => r.title === 'plain');
  const one = await askByKeyboard(page, page, chat, 'Tell me about plain');
  await one.locator('details.citations > summary').click();
  assert.deepEqual(await shownValues(one, plain.row), [['title', plain.title], ['note', plain.note], ['score', plain.score]]);
  await list.hover();
  await one.hover();
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const made = await page.evaluate(() => document.querySelector('tabletalk-chat').shadowRoot.querySelectorAll('img, script, iframe, b').length);
  assert.equal(made, 0);
  assert.equal(await page.evaluate(() => document.querySelectorAll('img, iframe').length), 0);
  assert.deepEqual(page.errors, []);
  await screenshot(page, path.join(shots, '4-markup-as-text.png'));
  await page.close();
});

test('the portal\'s CSS does not reach the widget\'s buttons and box', async () => {
  const page = await open();
  const style = (loc) => loc.evaluate((e) => {
    const s = getComputedStyle(e);
    return { bg: s.backgroundColor, font: s.fontFamily, transform: s.textTransform, border: s.borderTopStyle, size: s.fontSize };
  });
  const portalButton = await style(page.locator('main > button'));
  assert.equal(portalButton.bg, 'rgb(176, 18, 91)', 'the portal rule applies to its own button');
  assert.equal(portalButton.transform, 'uppercase');
  const ask = await style(page.locator('tabletalk-chat button.primary'));
  assert.equal(ask.bg, 'rgb(31, 95, 191)');
  assert.equal(ask.transform, 'none');
  assert.equal(ask.border, 'solid');
  assert.equal(ask.size, '15px');
  assert.doesNotMatch(ask.font, /Georgia/);
  const input = await page.locator('tabletalk-chat input').evaluate((e) => getComputedStyle(e).borderTopColor);
  assert.notEqual(input, 'rgb(255, 0, 0)');
  // And ours does not leak out: the portal's paragraphs keep their colour.
  assert.equal(await page.locator('main > p.meta').first().evaluate((e) => getComputedStyle(e).color), 'rgb(107, 90, 72)');
  await page.close();
});

test('feedback is kept in localStorage, survives a reload, and Clear history removes it', async () => {
  const page = await open();
  const chat = page.locator('tabletalk-chat');
  const card = await askByKeyboard(page, page, chat, 'How many people live in Porto?');
  const porto = parseCsv(PEOPLE).filter((p) => p.city === 'Porto').length;
  assert.equal(Number((await card.locator('.text').first().textContent()).match(/\d+/)?.[0]), porto);
  await tabTo(page, page, (f) => f.label === 'Helpful', { back: true });
  await page.keyboard.press('Enter');
  assert.equal(await card.locator('button.up').getAttribute('aria-pressed'), 'true');
  // The vote reached the edge: its owner reads it back with the publish token.
  await card.locator('.feedback span').filter({ hasText: 'sent to the maintainers' }).waitFor();
  const votes = await (await fetch(`${base}/v1/collections/people/feedback`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
  assert.equal(votes.recent[0].vote, 'up');
  assert.equal(votes.recent[0].question, 'How many people live in Porto?');
  assert.deepEqual(votes.recent[0].citations.map((c) => c.row).sort((a, b) => a - b),
    parseCsv(PEOPLE).flatMap((p, i) => (p.city === 'Porto' ? [i + 1] : [])));
  const kept = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('tabletalk-chat:')));
  assert.equal(kept.length, 1);
  assert.equal(JSON.parse(kept[0][1]).at(-1).feedback, 'up');
  await page.reload();
  await chat.locator('form').waitFor();
  const restored = chat.locator('.a').last();
  assert.equal(await restored.locator('button.up').getAttribute('aria-pressed'), 'true');
  await screenshot(page, path.join(shots, '5-feedback-restored.png'));
  await chat.getByRole('button', { name: 'Clear history' }).click();
  assert.equal(await chat.locator('.a').count(), 0);
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tabletalk-chat:')).length), 0);
  await page.close();
});

test('a generated answer streams in, cites its row, and flags the sentence no row supports', async () => {
  llmMode = 'answer';
  const bruno = parseCsv(PEOPLE).find((p) => p.name === 'Bruno Costa');
  const page = await open();
  const chat = page.locator('tabletalk-chat');
  const n = await typeQuestion(page, page, chat, 'Tell me about Bruno Costa');
  // Part of the text is on screen while the card is still busy.
  const streaming = chat.locator('.a').nth(n);
  await streaming.locator('.text', { hasText: 'Bruno' }).waitFor({ timeout: 30000 });
  const partial = await streaming.locator('.text').textContent();
  assert.equal(await streaming.getAttribute('aria-busy'), 'true');
  assert.ok(LLM_TEXT.startsWith(partial) && partial.length < LLM_TEXT.length, partial);
  await screenshot(page, path.join(shots, '6a-streaming.png'));
  await chat.locator('.a:not([aria-busy])').nth(n).waitFor({ timeout: 60000 });
  const card = chat.locator('.a').nth(n);
  assert.equal(await card.locator('.route').textContent(), 'Written by a language model: check the cited rows');
  assert.equal(await card.locator('p.text').first().evaluate((p) => [...p.childNodes].map((c) => (c.classList?.contains('weak') ? c.firstChild.textContent : c.textContent)).join('')), LLM_TEXT);
  assert.deepEqual(await card.locator('.weak').evaluateAll((w) => w.map((e) => e.firstChild.textContent)), ['He has three cats.']);
  assert.deepEqual(await citedRows(card), [['people.csv', bruno.row]]);
  await card.locator('details.citations > summary').click();
  await card.locator(`ul.cited > li[data-row="${bruno.row}"] summary`).click();
  const read = await card.locator(`ul.cited > li[data-row="${bruno.row}"] p.text`).textContent();
  for (const v of [bruno.name, bruno.city, bruno.age, bruno.occupation]) assert.ok(read.includes(v), read);
  await screenshot(page, path.join(shots, '6b-generated.png'));
  await page.close();
});

test('an answer that needed the (down) language model says so and still shows its row', async () => {
  llmMode = 'down';
  const bruno = parseCsv(PEOPLE).find((p) => p.name === 'Bruno Costa');
  const page = await open();
  const chat = page.locator('tabletalk-chat');
  const card = await askByKeyboard(page, page, chat, 'Tell me about Bruno Costa');
  assert.match(await card.locator('.error').textContent(), /language model is unavailable/);
  assert.deepEqual(await citedRows(card), [['people.csv', bruno.row]]);
  await card.locator('details.citations > summary').click();
  assert.deepEqual(await shownValues(card, bruno.row), ['name', 'city', 'age', 'occupation'].map((c) => [c, bruno[c]]));
  await screenshot(page, path.join(shots, '6-backend-down.png'));
  await page.close();
});

test('an edge that is down gets a specific message, not a stack trace', async () => {
  const page = await open('down.html');
  const chat = page.locator('tabletalk-chat');
  const card = await askByKeyboard(page, page, chat, 'How many people are older than 35?');
  const error = await card.locator('.error').textContent();
  assert.match(error, /^Could not reach the Tabletalk service at http:\/\/127\.0\.0\.1:\d+\./);
  assert.equal(await card.locator('.error').getAttribute('role'), 'alert');
  await screenshot(page, path.join(shots, '7-edge-down.png'));
  await page.close();
});

test('the iframe page answers too', async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  await page.goto(url('iframe.html'));
  const chat = page.frameLocator('iframe').locator('tabletalk-chat');
  await chat.locator('form').waitFor();
  const inner = page.frames().find((f) => f.url().includes('widget.html'));
  const card = await askByKeyboard(page, inner, chat, 'How many people are older than 35?');
  const older = parseCsv(PEOPLE).filter((r) => Number(r.age) > 35).length;
  assert.equal(Number((await card.locator('.text').first().textContent()).match(/\d+/)?.[0]), older);
  await screenshot(page, path.join(shots, '8-iframe.png'), { fullPage: false });
  await page.close();
});

test('axe-core finds no serious or critical accessibility violations', async () => {
  const axe = readFileSync(path.join(testsDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  for (const [name, question] of [['readings.html', 'Show the rows where depth_m is above 15'], ['widget.html?collection=people&edge=' + encodeURIComponent(base) + '&lang=es', '¿Cuántas personas tienen más de 35 años?']]) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1300 } });
    await page.goto(url(name));
    const chat = page.locator('tabletalk-chat');
    await chat.locator('form').waitFor();
    const card = await askByKeyboard(page, page, chat, question);
    await card.locator('details.citations > summary').click();
    await card.locator('ul.cited summary').first().click().catch(() => {});
    await card.locator('details.sql > summary').click();
    await page.addScriptTag({ content: axe });
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = result.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], name);
    await screenshot(page, path.join(shots, `9-axe-${name.startsWith('readings') ? 'portal' : 'iframe-page-es'}.png`));
    await page.close();
  }
});
