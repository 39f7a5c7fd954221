// The browser app, built by Trunk into dist/, in Debian Chromium: uploads go through the real
// wasm build of the shared core.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

import { repoRoot, serveStatic, testsDir } from './support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The committed fixture with typed columns; e2e_people.csv stands in where it is missing.
const typesCsv = path.join(testsDir, 'fixtures', 'types.csv');
const peopleCsv = path.join(testsDir, 'fixtures', 'e2e_people.csv');
const good = existsSync(typesCsv)
  ? { file: typesCsv, expect: (types) => ['date', 'boolean', 'decimal'].every((t) => Object.values(types).includes(t)) }
  : { file: peopleCsv, expect: (types) => types.age === 'integer' && types.member === 'boolean' };

/** 4 KiB of reproducible noise, NUL bytes included: not a table. */
function garbage() {
  const bytes = Buffer.alloc(4096);
  let x = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

let server;
let browser;
let page;
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
  page = await browser.newPage();
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
  const rows = await table.locator('[data-testid=column]').evaluateAll((trs) =>
    trs.map((tr) => [
      tr.querySelector('[data-testid=column-name]').textContent,
      tr.querySelector('[data-testid=column-type]').textContent,
    ]),
  );
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
  await page.locator('[data-testid=upload]').setInputFiles([
    good.file,
    { name: 'garbage.csv', mimeType: 'text/csv', buffer: garbage() },
  ]);
  await page.locator('[data-testid=report]').waitFor({ timeout: 30000 });

  const errors = await page.locator('[data-testid=error]').allTextContents();
  assert.ok(errors.some((e) => e.includes('garbage.csv')), `an error should name garbage.csv: ${JSON.stringify(errors)}; page errors: ${pageErrors}`);
  assert.ok(!errors.some((e) => e.includes(path.basename(good.file))), `no error for the good file: ${JSON.stringify(errors)}`);

  const types = await shownTypes(page, path.basename(good.file));
  assert.ok(Object.keys(types).length > 0, 'the good file has columns');
  assert.ok(good.expect(types), `unexpected types for ${path.basename(good.file)}: ${JSON.stringify(types)}`);
  for (const t of Object.values(types)) {
    assert.ok(['integer', 'decimal', 'date', 'datetime', 'boolean', 'identifier', 'text'].includes(t), t);
  }
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

test('no uncaught errors in the page', () => {
  assert.deepEqual(pageErrors, []);
});
