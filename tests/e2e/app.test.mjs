// The browser app, built by Trunk into dist/, in Debian Chromium: uploads go through the real
// wasm build of the shared core, questions through its exact path (DataFusion in wasm).
// Screenshots of each step of the question flow go to tests/artifacts/app/.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { axeViolations, launchChromium, readCsv, repoRoot, requestsElsewhere, serveStatic, testsDir, screenshot } from './support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));

// Committed fixtures: typed columns (three date formats, yes/no, "1.234,5" decimals) and noise.
const typesCsv = path.join(testsDir, 'fixtures', 'types.csv');
const garbageCsv = path.join(testsDir, 'fixtures', 'bad', 'garbage.csv');
const expectedTypes = { joined: 'date', born: 'date', updated: 'date', member: 'boolean', amount: 'decimal' };
// A real public table: Seattle's daily weather, January to April 2012 (NOAA, public domain; the
// first 120 rows of vega_datasets 0.9.0's seattle-weather.csv). Expected answers are computed
// here from its text.
const weatherCsv = path.join(testsDir, 'fixtures', 'seattle-weather-2012.csv');
const shots = path.join(testsDir, 'artifacts', 'app');

let server;
let browser;
const pageErrors = [];
// Requests the pages made outside the static server: this file starts no edge and chooses none.
const elsewhere = [];

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: run \`trunk build --release\` first`);
  server = await serveStatic(dist);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function openApp() {
  // A fresh context: no edge confirmed on this origin, so the page reaches only the static server
  // (an edge on this machine, such as `cargo xtask serve`'s on 127.0.0.1:8787, is only suggested).
  const page = await browser.newPage();
  requestsElsewhere(page.context(), [server.url], elsewhere);
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  await page.goto(server.url);
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached' });
  return page;
}

/** `{column name: type}` of the schema table shown for `file`. */
async function shownTypes(page, file) {
  const table = page.locator(`[data-testid=table][data-file="${file}"]`);
  await table.waitFor({ timeout: 30000 });
  const rows = await table
    .locator('[data-testid=column]')
    .evaluateAll((trs) => trs.map((tr) => [tr.dataset.column, tr.dataset.type]));
  return Object.fromEntries(rows);
}

test('page shows the title and an upload input for several files', async () => {
  const page = await openApp();
  assert.equal(await page.title(), 'Tabletalk');
  await assert.doesNotReject(page.getByLabel('Upload tables').waitFor({ state: 'attached' }));
  const input = page.locator('[data-testid=upload]');
  assert.equal(await input.getAttribute('multiple'), '');
  assert.match(await input.getAttribute('accept'), /\.csv.*\.xlsx.*\.docx/);
  await page.close();
});

test('two files at once: the good one is typed, the broken one is named in an error', async () => {
  const page = await openApp();
  await page.locator('[data-testid=upload]').setInputFiles([typesCsv, garbageCsv]);
  await page.locator('[data-testid=report]').waitFor({ timeout: 30000 });

  const errors = await page.locator('[data-testid=error]').allTextContents();
  assert.ok(errors.some((e) => e.includes('garbage.csv')), `an error should name garbage.csv: ${JSON.stringify(errors)}; page errors: ${pageErrors}`);
  assert.ok(!errors.some((e) => e.includes('types.csv')), `no error for types.csv: ${JSON.stringify(errors)}`);

  const types = await shownTypes(page, 'types.csv');
  for (const [column, type] of Object.entries(expectedTypes)) {
    assert.equal(types[column], type, `${column} in ${JSON.stringify(types)}`);
  }
  for (const t of Object.values(types)) {
    assert.ok(['integer', 'decimal', 'date', 'datetime', 'boolean', 'identifier', 'text'].includes(t), t);
  }
  const member = page.locator('[data-testid=table][data-file="types.csv"] [data-column=member]');
  assert.equal(await member.locator('[data-testid=column-categorical]').textContent(), 'yes');
  assert.match(await member.locator('[data-testid=column-samples]').textContent(), /yes/);
  assert.equal(await page.locator('[data-testid=table][data-file="garbage.csv"]').count(), 0);
  await page.close();
});

test('a dropped file loads too, and cell text is shown as text, never as markup', async () => {
  const page = await openApp();
  const csv = 'name,score\n<b>bold</b>,1\n<img src=x onerror="window.pwned=1">,2\n<script>window.pwned=1</script>,3\n';
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
    return dt;
  }, csv);
  await page.locator('[data-testid=drop-zone]').dispatchEvent('drop', { dataTransfer });

  const types = await shownTypes(page, 'dropped.csv');
  assert.equal(types.score, 'integer', JSON.stringify(types));
  const table = page.locator('[data-testid=table][data-file="dropped.csv"]');
  assert.equal(await table.locator('b, img, script').count(), 0, 'cell values must not become elements');
  const samples = await table.locator('[data-column=name] [data-testid=column-samples]').textContent();
  assert.ok(samples.includes('<b>bold</b>'), samples);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.close();
});

test('the embedding model files are served beside the app, byte for byte', async () => {
  const page = await openApp();
  const local = path.join(repoRoot, '.cache', 'models', 'all-MiniLM-L6-v2');
  const sizes = await page.evaluate(async () => {
    const base = new URL('models/all-MiniLM-L6-v2/', document.baseURI);
    const out = {};
    for (const f of ['config.json', 'tokenizer.json', 'model.safetensors']) {
      const r = await fetch(new URL(f, base));
      out[f] = r.ok ? (await r.arrayBuffer()).byteLength : -r.status;
    }
    out.config = await (await fetch(new URL('config.json', base))).json();
    return out;
  });
  for (const f of ['config.json', 'tokenizer.json', 'model.safetensors']) {
    assert.equal(sizes[f], statSync(path.join(local, f)).size, f);
  }
  assert.equal(sizes.config.hidden_size, 384);
  await page.close();
});

async function shot(page, name) {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, path.join(shots, `${name}.png`));
}

/** Uploads `files`, waits for the template step, accepts the templates, waits for the chat. */
async function uploadAndAccept(page, files) {
  await page.locator('[data-testid=upload]').setInputFiles(files);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Accept template', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });
}

/** Types a question, presses Ask, and returns the newest answer once it is there. */
async function ask(page, question) {
  const before = await page.locator('[data-testid=answer]').count();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const answer = page.locator('[data-testid=answer]').nth(before);
  await answer.waitFor({ timeout: 60000 });
  return answer;
}

test('template step: the static template, an inline error for an unknown placeholder, a live preview', async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  await page.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  const editor = page.locator('[data-testid=template][data-table="seattle-weather-2012"]');
  await editor.waitFor({ timeout: 30000 });

  const textarea = editor.getByLabel('Template for seattle-weather-2012');
  const original = await textarea.inputValue();
  for (const column of Object.keys(rows[0]).filter((c) => c !== 'row')) {
    assert.ok(original.includes(`{{${column}}}`), `the static template names ${column}: ${original}`);
  }
  const preview = editor.locator('[data-testid=preview-row]');
  assert.equal(await preview.count(), 5);
  for (let i = 0; i < 5; i++) {
    const text = await preview.nth(i).textContent();
    // Numbers are said as numbers ("5.0" → "5").
    for (const column of ['precipitation', 'temp_max', 'temp_min', 'wind']) {
      assert.ok(text.includes(`'${column}' is ${Number(rows[i][column])}.`), `preview row ${i + 1} shows ${column} = ${rows[i][column]}: ${text}`);
    }
    assert.ok(text.includes(`'weather' is ${rows[i].weather}.`), text);
  }
  const accept = page.getByRole('button', { name: 'Accept template', exact: true });
  assert.ok(await accept.isEnabled());
  await shot(page, '1-template');

  // An unknown placeholder: the error names it with line and column, and Accept waits.
  await textarea.fill(`${original} Wind: {{windd}}.`);
  const error = editor.locator('[data-testid=template-error]');
  await page.waitForFunction(() => document.querySelector('[data-testid=template-error]')?.textContent.length > 0);
  const message = await error.textContent();
  assert.match(message, /line 1, column \d+/);
  assert.match(message, /windd/);
  assert.match(message, /did you mean `wind`/);
  assert.equal(await textarea.getAttribute('aria-invalid'), 'true');
  assert.ok(await accept.isDisabled());
  assert.equal(await preview.count(), 5, 'the preview keeps the last good text');
  await shot(page, '2-template-error');

  // An edited template: the preview follows the text as it is typed.
  await textarea.fill('It was {{weather}} with a high of {{temp_max}} and wind {{wind}}.');
  await page.waitForFunction(() => document.querySelector('[data-testid=template-error]')?.textContent === '');
  for (const i of [0, 4]) {
    const r = rows[i];
    assert.equal(await preview.nth(i).textContent(), `It was ${r.weather} with a high of ${Number(r.temp_max)} and wind ${Number(r.wind)}.`);
  }
  assert.equal(await textarea.getAttribute('aria-invalid'), 'false');
  assert.ok(await accept.isEnabled());
  await shot(page, '3-template-edited');
  await page.close();
});

test('questions: exact answers checked against the CSV, SQL shown, a cited row highlighted in the data', async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  await uploadAndAccept(page, weatherCsv);
  await shot(page, '4-chat');

  // A count, as people ask it: nobody said a row is a day; the date column says so.
  const snowy = rows.filter((r) => r.weather === 'snow');
  let answer = await ask(page, 'How many days had snow?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.equal(Number(await answer.getAttribute('data-value')), snowy.length);
  assert.match(await answer.locator('[data-testid=answer-text]').textContent(), new RegExp(`\\b${snowy.length}\\b`));
  assert.match(await answer.locator('[data-testid=sql]').textContent(), /COUNT\(\*\)/);
  const cited = await answer.locator('[data-testid=citation]').evaluateAll((bs) => bs.map((b) => Number(b.dataset.row)));
  assert.deepEqual(cited, snowy.map((r) => r.row), 'a count cites the rows it counted');

  // An average over the rows an adjective names ("rainy" → weather = rain).
  const rainy = rows.filter((r) => r.weather === 'rain');
  const mean = rainy.reduce((s, r) => s + Number(r.wind), 0) / rainy.length;
  answer = await ask(page, 'What was the average wind on rainy days?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.ok(Math.abs(Number(await answer.getAttribute('data-value')) - mean) < 1e-9, `${await answer.getAttribute('data-value')} vs ${mean}`);
  assert.ok((await answer.locator('[data-testid=answer-text]').textContent()).includes(String(Math.round(mean * 100) / 100)));
  assert.match(await answer.locator('[data-testid=sql]').textContent(), /AVG/);
  // The live region reads the newest answer.
  assert.equal(await page.locator('[data-testid=announce]').textContent(), await answer.locator('[data-testid=answer-text]').textContent());
  await shot(page, '5-exact');

  // A lookup of one day's value, then its citation.
  const day = rows.find((r) => r.date === '2012/01/14');
  answer = await ask(page, 'What was the wind on 2012/01/14?');
  assert.equal(await answer.getAttribute('data-route'), 'lookup', await answer.textContent());
  assert.match(await answer.locator('[data-testid=sql]').textContent(), /"wind"/);
  assert.equal(Number(await answer.getAttribute('data-value')), Number(day.wind));
  assert.ok((await answer.locator('[data-testid=answer-text]').textContent()).includes(day.wind));
  const citation = answer.locator(`[data-testid=citation][data-row="${day.row}"]`);
  assert.equal(await answer.locator('[data-testid=citation]').count(), 1);
  await citation.click();
  const row = page.locator('[data-testid=data-view] tr.cited');
  await row.waitFor();
  assert.equal(await page.locator('[data-testid=data-view] tr.cited').count(), 1);
  assert.equal(await row.getAttribute('data-row'), String(day.row));
  assert.equal(await row.getAttribute('aria-current'), 'true');
  const cells = await row.locator('td').allTextContents();
  assert.deepEqual(cells, [day.date, day.precipitation, day.temp_max, day.temp_min, day.wind, day.weather]);
  // Scrolled into its box: the row is inside the scrolling container's visible part.
  await page.waitForFunction((n) => {
    const box = document.querySelector('[data-testid=data-scroll]').getBoundingClientRect();
    const r = document.querySelector(`[data-testid=data-view] tr[data-row="${n}"]`).getBoundingClientRect();
    return r.top >= box.top && r.bottom <= box.bottom;
  }, day.row);
  await shot(page, '6-citation');

  // A row far down the table: the view scrolls to it.
  const last = rows[rows.length - 1];
  answer = await ask(page, `What was the temp_min on ${last.date}?`);
  assert.equal(Number(await answer.getAttribute('data-value')), Number(last.temp_min), await answer.textContent());
  await answer.locator(`[data-testid=citation][data-row="${last.row}"]`).click();
  await page.waitForFunction((n) => {
    const box = document.querySelector('[data-testid=data-scroll]').getBoundingClientRect();
    const r = document.querySelector(`[data-testid=data-view] tr.cited[data-row="${n}"]`)?.getBoundingClientRect();
    return r && r.top >= box.top && r.bottom <= box.bottom;
  }, last.row);
  assert.equal(await page.locator('[data-testid=data-view] tr.cited').count(), 1);

  // Per group: a chart with a bar per weather type.
  const kinds = new Set(rows.map((r) => r.weather));
  answer = await ask(page, 'What is the average temp_max per weather?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.equal(await answer.locator('[data-testid=chart] [data-testid=bar]').count(), kinds.size);
  await answer.scrollIntoViewIfNeeded();
  await shot(page, '7-chart');
  // Every step at once (schema, template, answers, chart, data view): no serious accessibility faults.
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('a question back is answered with a button; an open question gets cited passages', async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  await uploadAndAccept(page, weatherCsv);

  let answer = await ask(page, 'What is the average temp?');
  assert.equal(await answer.getAttribute('data-route'), 'clarify', await answer.textContent());
  const options = await answer.locator('[data-testid=clarify-option]').allTextContents();
  assert.ok(options.includes('temp_min') && options.includes('temp_max'), JSON.stringify(options));
  await shot(page, '8-clarify');
  await answer.getByRole('button', { name: 'temp_min', exact: true }).click();
  answer = page.locator('[data-testid=answer]').nth(1);
  await answer.waitFor({ timeout: 60000 });
  const mean = rows.reduce((s, r) => s + Number(r.temp_min), 0) / rows.length;
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.ok(Math.abs(Number(await answer.getAttribute('data-value')) - mean) < 1e-9);
  assert.ok(await page.locator('[data-testid=answer]').first().locator('[data-testid=clarify-option]').first().isDisabled());

  // An open question: no exact reading, so BM25 over the rows as the template says them.
  answer = await ask(page, 'Why did it snow?');
  assert.equal(await answer.getAttribute('data-route'), 'lookup', await answer.textContent());
  const passages = answer.locator('[data-testid=passage]');
  assert.ok((await passages.count()) > 0);
  const first = await passages.first().getAttribute('data-row');
  const text = await passages.first().textContent();
  const cited = rows[Number(first) - 1];
  assert.equal(cited.weather, 'snow', 'the best passage for "snow" is a snowy day');
  assert.ok(text.includes(`'wind' is ${Number(cited.wind)}.`) && text.includes(`'weather' is ${cited.weather}.`), `the passage of row ${first} is its row: ${text}`);
  await passages.first().getByRole('button').click();
  await page.locator(`[data-testid=data-view] tr.cited[data-row="${first}"]`).waitFor();
  await shot(page, '9-passages');
  await page.close();
});

test('rows are embedded in a Web Worker with progress; open questions are then ranked by meaning', { timeout: 600000 }, async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  // Every text the embedding status shows, however briefly.
  await page.evaluate(() => {
    window.__embedLog = [];
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid=embed-status]')?.textContent;
      if (t && window.__embedLog.at(-1) !== t) window.__embedLog.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await uploadAndAccept(page, weatherCsv);
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Ready:'), null, { timeout: 300000 });
  const log = await page.evaluate(() => window.__embedLog);
  assert.ok(log.some((t) => t.startsWith('Loading the embedding model (all-MiniLM-L6-v2)')), JSON.stringify(log));
  assert.ok(log.some((t) => /^Embedding rows: \d+ of 120 \(\d+%\) · (1 worker|[2-4] workers in parallel) · \d+ rows\/s · about [\d.]+ s left$/.test(t)), JSON.stringify(log));
  assert.match(await page.locator('[data-testid=embed-status]').textContent(), /^Ready: 120 rows embedded in [\d.]+ s \(\d+ rows\/s, (1 worker|[2-4] workers in parallel)\)\./);
  assert.equal(await page.locator('[data-testid=embed-progress]').getAttribute('value'), '120');
  // This Chromium has no WebGPU (--disable-gpu, no --enable-unsafe-webgpu): the CPU path, and why.
  const device = await page.locator('[data-testid=embed-device]').textContent();
  assert.match(device, /^Embedding on: CPU \(WebAssembly\)\. WebGPU not used: ./, device);
  await shot(page, '12-embedded');

  // No row contains "blizzard", so words alone find nothing (the CLI says "I don't know"); by
  // meaning the best row is a snowy day.
  const answer = await ask(page, 'Which days had a blizzard?');
  assert.equal(await answer.getAttribute('data-route'), 'lookup', await answer.textContent());
  assert.equal(await answer.locator('[data-testid=ranking]').textContent(), 'Rows ranked by meaning and words (hybrid search).');
  const passages = answer.locator('[data-testid=passage]');
  assert.equal(await passages.count(), 5);
  const first = Number(await passages.first().getAttribute('data-row'));
  assert.equal(rows[first - 1].weather, 'snow', `row ${first}: ${JSON.stringify(rows[first - 1])}`);
  await shot(page, '13-by-meaning');
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('embedding can be cancelled and started again; questions work meanwhile', { timeout: 600000 }, async () => {
  const page = await openApp();
  await uploadAndAccept(page, weatherCsv);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Cancelled after'), null, { timeout: 60000 });
  assert.match(await page.locator('[data-testid=embed-status]').textContent(), /^Cancelled after \d+ of 120 rows\. Retrieval ranks rows by words \(BM25\) only\.$/);
  // Words only while there are no vectors.
  let answer = await ask(page, 'Why did it snow?');
  assert.equal(await answer.locator('[data-testid=ranking]').textContent(), 'Rows ranked by words (BM25); search by meaning is not ready.');
  await page.getByRole('button', { name: 'Embed again', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Ready: 120 rows'), null, { timeout: 300000 });
  answer = await ask(page, 'Why did it snow?');
  assert.equal(await answer.locator('[data-testid=ranking]').textContent(), 'Rows ranked by meaning and words (hybrid search).');
  await page.close();
});

test('markup in cells and headers stays text through the template, the answers and the data view', async () => {
  const page = await openApp();
  const evil = [
    'name,score,"<img src=y onerror=""window.__pwned=2"">"',
    '"<img src=x onerror=""window.__pwned=1"">",1,a',
    '<script>window.__pwned=1</script>,2,b',
    '"<b onmouseover=""window.__pwned=1"">bold</b>",3,c',
  ].join('\n') + '\n';
  await page.locator('[data-testid=upload]').setInputFiles({ name: 'evil.csv', mimeType: 'text/csv', buffer: Buffer.from(evil) });
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 30000 });
  const preview = await page.locator('[data-testid=preview-row]').allTextContents();
  assert.ok(preview[0].includes('<img src=x onerror="window.__pwned=1">'), preview[0]);
  assert.ok(preview[1].includes('<script>window.__pwned=1</script>'), preview[1]);
  await page.getByRole('button', { name: 'Accept template', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });

  let answer = await ask(page, 'What is the score of <script>window.__pwned=1</script>?');
  await shot(page, '10-xss-answer');
  answer = await ask(page, 'img onerror script pwned');
  for (const b of await answer.locator('[data-testid=passage-row], [data-testid=citation]').all()) await b.click();
  answer = await ask(page, 'How many rows are there?');
  assert.equal(Number(await answer.getAttribute('data-value')), 3, await answer.textContent());
  for (const b of await answer.locator('[data-testid=citation]').all()) await b.click();
  const cells = await page.locator('[data-testid=data-view] td').allTextContents();
  assert.ok(cells.includes('<script>window.__pwned=1</script>'), JSON.stringify(cells));
  assert.ok(cells.includes('<img src=x onerror="window.__pwned=1">'), JSON.stringify(cells));
  await shot(page, '11-xss-data');

  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const injected = await page.evaluate(() => ({
    img: document.querySelectorAll('main img').length,
    b: document.querySelectorAll('main b').length,
    handlers: document.querySelectorAll('[onerror], [onmouseover]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent.includes('__pwned')).length,
  }));
  assert.deepEqual(injected, { img: 0, b: 0, handlers: 0, scripts: 0 });
  await page.close();
});

test('the prepared dataset is kept: a reload opens it with its vectors; export, import and forget', { timeout: 600000 }, async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  await uploadAndAccept(page, weatherCsv);
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Ready: 120 rows embedded'), null, { timeout: 300000 });
  await page.waitForFunction(() => /^Kept in this browser \(.+\): the files, the template and the rows' vectors\./.test(document.querySelector('[data-testid=kept]')?.textContent), null, { timeout: 60000 });

  // Reload: the same dataset, template accepted, vectors restored (no embedding), answers as before.
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith("Ready: 120 rows' vectors restored"), null, { timeout: 60000 });
  assert.match(await page.locator('[data-testid=kept]').textContent(), /^Opened from this browser: the files and the accepted template, with the rows' vectors/);
  assert.equal(await page.locator('[data-testid=template-accepted]').textContent(), 'Accepted: ask your questions below.');
  await shot(page, '14-reloaded');
  const snowy = rows.filter((r) => r.weather === 'snow');
  let answer = await ask(page, 'How many rows have snow?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.equal(Number(await answer.getAttribute('data-value')), snowy.length);
  const day = rows.find((r) => r.date === '2012/02/20');
  answer = await ask(page, 'What was the wind on 2012/02/20?');
  assert.equal(Number(await answer.getAttribute('data-value')), Number(day.wind), await answer.textContent());
  await answer.locator(`[data-testid=citation][data-row="${day.row}"]`).click();
  assert.equal(await page.locator('[data-testid=data-view] tr.cited').getAttribute('data-row'), String(day.row));
  answer = await ask(page, 'Which days had a blizzard?');
  assert.equal(await answer.locator('[data-testid=ranking]').textContent(), 'Rows ranked by meaning and words (hybrid search).');
  const first = Number(await answer.locator('[data-testid=passage]').first().getAttribute('data-row'));
  assert.equal(rows[first - 1].weather, 'snow');

  // Exports: the dataset as one file, the sentences as CSV (one line per row, with provenance).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-export-'));
  const save = async (testid) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid=${testid}]`).click()]);
    const to = path.join(dir, download.suggestedFilename());
    await download.saveAs(to);
    return to;
  };
  const bundle = await save('export-dataset');
  assert.match(path.basename(bundle), /\.tabletalk$/);
  const csv = readFileSync(await save('export-csv'), 'utf8').trim().split('\n');
  // Every field quoted and formula-safe (shared export::write_record, as `verbalise --format csv`).
  assert.equal(csv[0], '"file","table","row","columns","text"');
  assert.equal(csv.length, rows.length + 1);
  assert.ok(csv[1].startsWith('"seattle-weather-2012.csv","seattle-weather-2012","1",'), csv[1]);
  assert.ok(csv[1].endsWith(`is ${rows[0].weather}."`) && csv[1].includes(`is ${rows[0].temp_max}.`), csv[1]);
  const jsonl = readFileSync(await save('export-jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(jsonl.length, rows.length);
  assert.equal(jsonl[41].provenance.row, 42);

  // Forget: gone, also after a reload.
  await page.locator('[data-testid=forget]').click();
  await page.locator('[data-testid=report]').waitFor({ state: 'detached' });
  await page.reload();
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached' });
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('[data-testid=report]').count(), 0);

  // A file that only claims to be an export is named; then the real export opens with its vectors.
  const fake = path.join(dir, 'fake.tabletalk');
  writeFileSync(fake, readFileSync(weatherCsv));
  await page.locator('[data-testid=upload]').setInputFiles(fake);
  await page.locator('[data-testid=problem]').waitFor();
  assert.match(await page.locator('[data-testid=problem]').textContent(), /^fake\.tabletalk: not a Tabletalk export/);
  await page.locator('[data-testid=upload]').setInputFiles(bundle);
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith("Ready: 120 rows' vectors restored"), null, { timeout: 60000 });
  // Imported, then kept in this browser in the background.
  await page.waitForFunction(() => /^Kept in this browser \(.+\): the files, the template and the rows' vectors\./.test(document.querySelector('[data-testid=kept]')?.textContent), null, { timeout: 60000 });
  answer = await ask(page, 'How many rows have snow?');
  assert.equal(Number(await answer.getAttribute('data-value')), snowy.length);
  await shot(page, '15-imported');
  assert.deepEqual(await axeViolations(page), []);
  rmSync(dir, { recursive: true, force: true });
  await page.close();
});

test('a 200 MB file is refused with a reason, and the open dataset stays', async () => {
  const page = await openApp();
  await uploadAndAccept(page, weatherCsv);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-big-'));
  const big = path.join(dir, 'big.csv');
  // Sparse: 200 MB on paper, nothing on disk.
  writeFileSync(big, 'a,b\n');
  truncateSync(big, 200 * 1024 * 1024);
  await page.locator('[data-testid=upload]').setInputFiles(big);
  await page.locator('[data-testid=problem]').waitFor({ timeout: 60000 });
  assert.match(await page.locator('[data-testid=problem]').textContent(), /^big\.csv: 200 MB is more than this browser app reads \(100 MB per file\)\./);
  // Still open and answering.
  const answer = await ask(page, 'How many rows have snow?');
  assert.equal(await answer.getAttribute('data-route'), 'exact');
  rmSync(dir, { recursive: true, force: true });
  await page.close();
});

test('schema editor: a synonym and a translation name a column in questions; the transpose toggle turns a table', async () => {
  const page = await openApp();
  const rows = readCsv(weatherCsv);
  await page.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 30000 });
  await page.locator('[data-testid=schema-editor] summary').click();
  await page.getByLabel('Synonyms for precipitation', { exact: true }).fill('rainfall');
  await page.getByLabel('Translations of temp_max', { exact: true }).fill('es=maxima');
  await page.getByLabel('A row is called', { exact: true }).fill('days');
  await page.locator('[data-testid=apply-schema]').click();
  await page.getByRole('button', { name: 'Accept template', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });
  const total = rows.reduce((s, r) => s + Number(r.precipitation), 0);
  let answer = await ask(page, 'What is the total rainfall?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.ok(Math.abs(Number(await answer.getAttribute('data-value')) - total) < 1e-6, `${await answer.getAttribute('data-value')} vs ${total}`);
  const hottest = Math.max(...rows.map((r) => Number(r.temp_max)));
  answer = await ask(page, 'What is the highest maxima?');
  assert.equal(Number(await answer.getAttribute('data-value')), hottest, await answer.textContent());
  await shot(page, '16-schema-edited');

  // Transposed: 120 rows of 6 columns become 5 rows (the other columns) of 121 columns.
  // Open whether or not the editor kept its state through the Apply above.
  await page.locator('[data-testid=schema-editor]').evaluate((d) => { d.open = true; });
  await page.locator('[data-testid=edit-table] [data-testid=transpose]').check();
  await page.locator('[data-testid=apply-schema]').click();
  await page.waitForFunction(() => /read transposed/.test(document.querySelector('[data-testid=table-meta]')?.textContent));
  assert.match(await page.locator('[data-testid=table-meta]').textContent(), /· 5 rows · read transposed/);
  assert.equal(await page.locator('[data-testid=chat]').count(), 0, 'the template must be accepted again');
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('no uncaught errors in the page, and no request outside its own server', () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(elsewhere, [], 'no edge was chosen: nothing may leave the page');
});

test('the page in Spanish, German and English: ?lang=, the Language select, <html lang>, remembered', { timeout: 300000 }, async () => {
  // Its own context, so a second tab shares the page's localStorage.
  const context = await browser.newContext();
  const page = await context.newPage();
  // Its own lists: the test above that checks pageErrors has run already.
  const errors = [];
  const away = requestsElsewhere(context, [server.url]);
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}/?lang=es`);
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached' });
  const htmlLang = () => page.evaluate(() => document.documentElement.lang);
  const language = page.getByRole('combobox', { name: /Language/ });
  assert.equal(await htmlLang(), 'es');
  assert.equal(await language.inputValue(), 'es');
  assert.deepEqual(await language.locator('option').allTextContents(), ['English', 'Español', 'Català', 'Deutsch']);
  await page.getByLabel('Subir tablas', { exact: true }).waitFor({ state: 'attached' });
  assert.equal(await page.locator('.tagline').textContent(), 'Haz preguntas a tus tablas de investigación. Los archivos se quedan en tu navegador salvo que elijas un edge y actúes (ver Dirección del edge).');

  // The report and the template editor.
  await page.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 30000 });
  assert.equal(await page.locator('[data-testid=table-count]').textContent(), '1 tabla(s) cargada(s)');
  assert.match(await page.locator('[data-testid=table-meta]').textContent(), /^seattle-weather-2012\.csv · 120 filas$/);
  assert.deepEqual(
    await page.locator('[data-testid=schema] thead th').allTextContents(),
    ['Columna', 'Tipo', 'Categórica', 'Distintos', 'Vacíos', 'Ejemplos'],
  );
  await page.getByLabel('Plantilla para seattle-weather-2012', { exact: true }).waitFor();
  assert.equal(await page.locator('.preview-title').textContent(), 'Vista previa: las primeras 5 filas');

  // The chat, a cited row and the data view.
  await page.getByRole('button', { name: 'Aceptar plantilla', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('#embed-heading').textContent(), 'Búsqueda por significado');
  await page.getByLabel('Pregunta', { exact: true }).fill('How many rows have snow?');
  await page.getByRole('button', { name: 'Preguntar', exact: true }).click();
  const answer = page.locator('[data-testid=answer]').first();
  await answer.waitFor({ timeout: 60000 });
  assert.equal(await answer.locator('.cited-file').textContent(), 'Filas de seattle-weather-2012.csv:');
  const citation = answer.locator('[data-testid=citation]').first();
  const row = await citation.getAttribute('data-row');
  assert.equal(await citation.getAttribute('aria-label'), `Mostrar la fila ${row} de seattle-weather-2012.csv`);
  await citation.click();
  await page.locator('[data-testid=data-view] tr.cited').waitFor();
  assert.equal(await page.locator('#data-heading').textContent(), 'Datos: seattle-weather-2012');
  await shot(page, '17-spanish');
  assert.deepEqual(await axeViolations(page), []);

  // German from the select: at once, <html lang> too, and remembered for the next visit.
  await language.selectOption('de');
  assert.equal(await htmlLang(), 'de');
  await page.getByLabel('Tabellen hochladen', { exact: true }).waitFor({ state: 'attached' });
  await page.getByLabel('Frage', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Fragen', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Vorlage übernehmen', exact: true }).waitFor();
  assert.equal(await page.locator('#data-heading').textContent(), 'Daten: seattle-weather-2012');
  assert.equal(await page.locator('[data-testid=table-count]').textContent(), '1 Tabelle(n) geladen');
  assert.equal(await citation.getAttribute('aria-label'), `Zeile ${row} von seattle-weather-2012.csv zeigen`);
  assert.equal(await page.evaluate(() => localStorage.getItem('tabletalk.lang')), 'de');
  const again = await context.newPage();
  await again.goto(server.url);
  await again.getByLabel('Tabellen hochladen', { exact: true }).waitFor({ state: 'attached' });
  assert.equal(await again.evaluate(() => document.documentElement.lang), 'de');
  await again.close();

  // Back to English: the contracts scripts and tests rely on, exactly.
  await language.selectOption('en');
  assert.equal(await htmlLang(), 'en');
  await page.getByLabel('Upload tables', { exact: true }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Accept template', exact: true }).waitFor();
  await page.getByLabel('Question', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Ask', exact: true }).waitFor();
  assert.equal(await page.locator('[data-testid=table-count]').textContent(), '1 table(s) loaded');
  assert.equal(await citation.getAttribute('aria-label'), `Show row ${row} of seattle-weather-2012.csv`);
  assert.deepEqual(errors, []);
  assert.deepEqual(away, [], 'no edge was chosen: nothing may leave the page');
  await context.close();
});
