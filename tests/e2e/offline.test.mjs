// Offline (issue 7, part 9): after one load with the network the service worker (public/sw.js)
// serves the app and the embedding model. The static server is really closed (no emulation), the
// page is reloaded, and a new upload is typed, answered exactly and embedded from the cache.
// Requests to another origin (the edge) must pass the service worker by.
// Screenshots go to tests/artifacts/offline/.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { freePort, launchChromium, readCsv, repoRoot, serveStatic, testsDir, screenshot } from './support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
// Seattle's daily weather, January to April 2012 (120 rows); expected answers come from its text.
const weatherCsv = path.join(testsDir, 'fixtures', 'seattle-weather-2012.csv');
const shots = path.join(testsDir, 'artifacts', 'offline');

let server;
let other;
let browser;

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: run \`trunk build --release\` first`);
  assert.ok(existsSync(path.join(dist, 'sw.js')), `${dist}/sw.js is missing: run \`trunk build --release\` again`);
  // A fixed port: the origin (and so the service worker's registration and caches) must be the
  // same before and after the server goes away.
  server = await serveStatic(dist, await freePort());
  // Another origin, like the edge: it answers with CORS and counts what reaches it.
  other = http.createServer((req, res) => {
    other.hits = (other.hits ?? 0) + 1;
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain', 'cache-control': 'no-store' });
    res.end('edge says hi');
  });
  await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => (other ? other.close(resolve) : resolve()));
});

async function shot(page, name) {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, path.join(shots, `${name}.png`));
}

/** Records every text the embedding status shows from now on (the page's `window.__embedLog`). */
async function watchEmbedStatus(page) {
  await page.evaluate(() => {
    window.__embedLog = [];
    const note = () => {
      const t = document.querySelector('[data-testid=embed-status]')?.textContent;
      if (t && window.__embedLog.at(-1) !== t) window.__embedLog.push(t);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** Uploads the CSV, accepts the template, then waits until the rows embedded since the upload are
 * ready (a status shown before the upload, e.g. of a dataset restored from storage, does not count). */
async function uploadAcceptEmbed(page) {
  await watchEmbedStatus(page);
  await page.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 60000 });
  await page.locator('[data-testid=accept-template]').click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 120000 });
  await page.waitForFunction(
    () => {
      const log = window.__embedLog;
      const start = log.findIndex((t) => t.startsWith('Loading the embedding model') || t.startsWith('Embedding rows'));
      return start >= 0 && log.slice(start).some((t) => t.startsWith('Ready: 120 rows')) && document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Ready: 120 rows');
    },
    null,
    { timeout: 600000, polling: 500 },
  );
  return page.evaluate(() => window.__embedLog);
}

/** Types a question, presses Ask, and returns the newest answer once it is there. */
async function ask(page, question) {
  const before = await page.locator('[data-testid=answer]').count();
  await page.locator('[data-testid=question]').fill(question);
  await page.locator('[data-testid=ask]').click();
  const answer = page.locator('[data-testid=answer]').nth(before);
  await answer.waitFor({ timeout: 120000 });
  return answer;
}

/** `{cache name: [path, ...]}` of the page's origin. */
function cachedPaths(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => {
        const u = new URL(r.url);
        return u.origin === location.origin ? u.pathname : u.href;
      });
    }
    return out;
  });
}

test('after one load the app and the embedding model work with the server gone', { timeout: 1200000 }, async (t) => {
  const rows = readCsv(weatherCsv);
  const snowy = rows.filter((r) => r.weather === 'snow').length;
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors = [];
  const consoleErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  // Where the test got to, and when: printed with the result, so a run cut by the time limit
  // says which step waited.
  const started = Date.now();
  const stage = (what) => t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
  const responses = [];
  page.on('response', (r) => responses.push({ url: r.url(), sw: r.fromServiceWorker(), status: r.status() }));

  // First load, online: the service worker installs, precaches and claims the page.
  await page.goto(server.url);
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached', timeout: 120000 });
  const isControlled = () => page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 120000 });
  try {
    await isControlled();
  } catch {
    t.diagnostic('not controlled after the first load: reloaded once');
    await page.reload();
    await isControlled();
  }

  stage('controlled by the service worker');
  // Rows through the model, whose files now come through the service worker into its cache.
  const firstLog = await uploadAcceptEmbed(page);
  assert.ok(firstLog.some((t) => t.startsWith('Loading the embedding model')), JSON.stringify(firstLog));
  stage('embedded online');
  await shot(page, '1-online-embedded');
  const cached = await cachedPaths(page);
  const all = Object.values(cached).flat();
  assert.ok(all.includes('/'), JSON.stringify(cached));
  assert.ok(all.includes('/index.html'), JSON.stringify(cached));
  assert.ok(all.some((p) => p.endsWith('_bg.wasm') && p.startsWith('/tabletalk-app-')), `the app's wasm is cached: ${JSON.stringify(cached)}`);
  assert.ok(all.includes('/embed_worker_bg.wasm'), JSON.stringify(cached));
  const modelCache = Object.entries(cached).find(([, paths]) => paths.some((p) => p.startsWith('/models/')));
  assert.ok(modelCache, `a cache holds the model files: ${JSON.stringify(cached)}`);
  for (const f of ['config.json', 'tokenizer.json', 'model.safetensors']) {
    assert.ok(modelCache[1].includes(`/models/all-MiniLM-L6-v2/${f}`), `${f} in ${JSON.stringify(modelCache)}`);
  }

  // Offline for real: the server is gone, nothing answers on its port.
  const closing = server.close();
  server = undefined;
  await Promise.race([closing, new Promise((_, reject) => setTimeout(() => reject(new Error('the static server did not close in 30 s')), 30000))]);
  stage('server closed');
  await assert.rejects(fetch(page.url(), { signal: AbortSignal.timeout(5000) }), 'the static server should be closed');

  // The page loads again from the cache (and may show a dataset restored from storage).
  responses.length = 0;
  await page.reload({ timeout: 120000 });
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached', timeout: 120000 });
  assert.equal(await page.title(), 'Tabletalk');
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
  const wasm = responses.find((r) => /\/tabletalk-app-[^/]*_bg\.wasm$/.test(r.url));
  assert.ok(wasm?.sw && wasm.status === 200, `the app's wasm came from the service worker: ${JSON.stringify(responses)}`);
  stage('reloaded offline');
  await shot(page, '2-offline-reloaded');

  // A new upload: typed, answered exactly, and embedded with the model from the cache.
  const secondLog = await uploadAcceptEmbed(page);
  stage('embedded offline');
  assert.ok(secondLog.some((t) => t.startsWith('Loading the embedding model')), `a new worker loads the model again: ${JSON.stringify(secondLog)}`);
  // The same rows again: their vectors come from this browser's vector cache, kept across the
  // reload; the model, loaded offline, embeds the questions.
  assert.match(await page.locator('[data-testid=embed-status]').textContent(), /^Ready: 120 rows \(120 vectors from this browser's cache, 0 embedded in/);
  const models = responses.filter((r) => r.url.includes('/models/'));
  t.diagnostic(`model files seen by the page after the reload: ${JSON.stringify(models)}`);
  assert.ok(models.some((r) => r.url.endsWith('/model.safetensors')), 'the embedding worker fetched the weights again');
  for (const r of models) assert.ok(r.sw && r.status === 200, `model file from the service worker: ${JSON.stringify(r)}`);
  const answer = await ask(page, 'How many rows have snow?');
  assert.equal(await answer.getAttribute('data-route'), 'exact', await answer.textContent());
  assert.equal(Number(await answer.getAttribute('data-value')), snowy);
  assert.match(await answer.locator('[data-testid=answer-text]').textContent(), new RegExp(`\\b${snowy}\\b`));
  await shot(page, '3-offline-answered');

  // Another origin (like the edge) is passed by: it answers from its server, not the service
  // worker, and nothing of it is cached.
  const otherUrl = `http://127.0.0.1:${other.address().port}/v1/ping`;
  const hits = other.hits ?? 0;
  const [crossResponse, crossText] = await Promise.all([
    page.waitForResponse(otherUrl),
    page.evaluate(async (u) => (await fetch(u)).text(), otherUrl),
  ]);
  assert.equal(crossText, 'edge says hi');
  assert.equal(crossResponse.fromServiceWorker(), false);
  assert.equal(other.hits, hits + 1);
  assert.ok(!Object.values(await cachedPaths(page)).flat().some((p) => p.startsWith('http')), 'no other origin in the caches');

  assert.deepEqual(pageErrors, []);
  // Console errors offline are the browser's own "failed to load" lines (the service worker's
  // update check); they are reported, not failed on.
  if (consoleErrors.length) t.diagnostic(`console errors: ${JSON.stringify(consoleErrors)}`);
  await context.close();
});
