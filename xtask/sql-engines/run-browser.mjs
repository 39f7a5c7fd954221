// Runs the sql-engines wasm builds in headless Debian Chromium (playwright-core from tests/) and
// prints, per engine: wasm size raw / gzip -9, load time, and per query the median of the runs with
// ok/MISMATCH against plain Rust loops. A query with a run over the limit is re-measured on 100 k rows
// and extrapolated linearly (marked †).
//
//   node xtask/sql-engines/run-browser.mjs [--engine datafusion|gluesql] [--rows 1000000] [--runs 5]
//        [--limit-s 60] [--web-dir target/sql-engines/web]
//
// Expects `wasm-bindgen --target web --out-dir <web-dir>/<engine>` output (see README.md).

import { createRequire } from 'node:module';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
// playwright-core from tests/node_modules (`cd tests && npm ci`); PLAYWRIGHT_CORE_FROM=<dir containing
// node_modules/playwright-core> overrides where it is resolved from.
const require = createRequire(path.join(process.env.PLAYWRIGHT_CORE_FROM ?? path.join(repoRoot, 'tests'), 'package.json'));
const { chromium } = require('playwright-core');

function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}
const engines = arg('--engine') ? [arg('--engine')] : ['datafusion', 'gluesql'];
const rows = Number(arg('--rows', '1000000'));
const runs = Number(arg('--runs', '5'));
const limitMs = Number(arg('--limit-s', '60')) * 1000;
const small = Math.min(100000, rows);
const webDir = path.resolve(arg('--web-dir', path.join(repoRoot, 'target', 'sql-engines', 'web')));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };

/** Static server: / → web/index.html of this crate, /<engine>/<file> → <web-dir>/<engine>/<file>. */
async function serve() {
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = p === '/' || p === '/index.html' ? path.join(here, 'web', 'index.html') : path.normalize(path.join(webDir, p));
    if (!(file.startsWith(webDir) || file.startsWith(here)) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

async function measure(page, url, engine, n) {
  await page.goto(`${url}/index.html?engine=${engine}`);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 300000 });
  const load = JSON.parse(await page.evaluate((r) => window.bench.load(r), n));
  console.error(`[${engine}] ${n} rows: generate ${load.gen_ms.toFixed(0)} ms, reference ${load.ref_ms.toFixed(0)} ms, load ${load.load_ms.toFixed(1)} ms`);
  const queries = [];
  for (let q = 0; q < 4; q++) {
    const r = JSON.parse(await page.evaluate(([q, runs, lim]) => window.bench.query(q, runs, lim), [q, runs, limitMs]));
    console.error(`[${engine}] ${r.query}: median ${r.median_ms.toFixed(1)} ms of [${r.times_ms.map((t) => t.toFixed(1)).join(', ')}] ${r.check}${r.over_limit ? ' (OVER LIMIT)' : ''}`);
    queries.push(r);
  }
  return { rows: n, load_ms: load.load_ms, queries };
}

const server = await serve();
const out = [];
try {
  for (const engine of engines) {
    const wasm = path.join(webDir, engine, 'sql_engines_bg.wasm');
    if (!existsSync(wasm)) throw new Error(`${wasm} is missing: build it first (README.md)`);
    const bytes = readFileSync(wasm);
    const size = { raw: bytes.length, gzip9: zlib.gzipSync(bytes, { level: 9 }).length };
    console.error(`[${engine}] wasm ${(size.raw / 1e6).toFixed(2)} MB raw, ${(size.gzip9 / 1e6).toFixed(2)} MB gzip -9`);
    // A fresh browser per engine: no memory carried over.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const version = browser.version();
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const entry = { engine, chromium: version, wasm: size, errors };
    try {
      entry.full = await measure(page, server.url, engine, rows);
      if (entry.full.queries.some((q) => q.over_limit) && rows > small) {
        console.error(`[${engine}] a query ran over the limit: re-measuring all queries on ${small} rows`);
        entry.small = await measure(page, server.url, engine, small);
      }
    } catch (e) {
      entry.error = String(e);
      console.error(`[${engine}] FAILED: ${e}\n${errors.join('\n')}`);
    }
    await browser.close();
    out.push(entry);
  }
} finally {
  await server.close();
}

const names = ['group-by', 'top-N', 'distinct', 'filter'];
console.log(`\nChromium wasm, rows=${rows} runs=${runs} (median ms; † = over the limit, extrapolated ×${rows / small} from ${small} rows)`);
console.log(['engine', 'wasm raw', 'gzip -9', 'load', ...names].map((s) => s.padStart(11)).join(' '));
for (const e of out) {
  if (!e.full) {
    console.log(`${e.engine.padStart(11)} ERROR ${e.error}`);
    continue;
  }
  const cells = e.full.queries.map((r, q) =>
    r.over_limit && e.small ? `${((e.small.queries[q].median_ms * rows) / small).toFixed(0)}†` : r.median_ms.toFixed(1),
  );
  console.log([e.engine, `${(e.wasm.raw / 1e6).toFixed(2)} MB`, `${(e.wasm.gzip9 / 1e6).toFixed(2)} MB`, e.full.load_ms.toFixed(1), ...cells].map((s) => String(s).padStart(11)).join(' '));
  console.log(`    ${e.full.queries.map((r) => `${r.query}=${r.check}`).join('  ')}`);
  for (const r of e.full.queries) if (r.note) console.log(`    ${r.query}: ${r.note}`);
}
const json = path.join(webDir, 'results-browser.json');
writeFileSync(json, JSON.stringify(out, null, 2));
console.error(`wrote ${json}`);
