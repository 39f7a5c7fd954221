// The browser app, built by Trunk into dist/, in Debian Chromium: uploads go through the real
// wasm build of the shared core.

import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

import { repoRoot, serveStatic, testsDir } from './support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Committed fixtures: typed columns (three date formats, yes/no, "1.234,5" decimals) and noise.
const typesCsv = path.join(testsDir, 'fixtures', 'types.csv');
const garbageCsv = path.join(testsDir, 'fixtures', 'bad', 'garbage.csv');
const expectedTypes = { joined: 'date', born: 'date', updated: 'date', member: 'boolean', amount: 'decimal' };

let server;
let browser;
const pageErrors = [];

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: run \`trunk build --release\` first`);
  server = await serveStatic(dist);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function openApp() {
  const page = await browser.newPage();
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

test('no uncaught errors in the page', () => {
  assert.deepEqual(pageErrors, []);
});
