// The page's vector cache (issue 21): vectors are kept by the hash of the text they embed, so
// dropping the same file again embeds nothing, and a file with one row changed embeds that row
// only. Also: the embedding panel says which columns the vectors are made from. Real build in
// dist/, real model, Debian Chromium.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { launchChromium, readCsv, repoRoot, requestsElsewhere, serveStatic, testsDir } from './support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
// A real public table: Seattle's daily weather, January to April 2012 (NOAA; the first 120 rows of
// vega_datasets 0.9.0's seattle-weather.csv).
const weatherCsv = path.join(testsDir, 'fixtures', 'seattle-weather-2012.csv');

let server;
let browser;
let tmp;

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: run \`trunk build --release\` first`);
  server = await serveStatic(dist);
  browser = await launchChromium();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-cache-'));
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Drops `file`, accepts the template and returns the embedding panel's text once it says Ready. */
async function dropAndEmbed(page, file) {
  await page.locator('[data-testid=upload]').setInputFiles(file);
  // A drop clears the previous dataset, and with it the panel's last "Ready".
  await page.waitForFunction(() => !(document.querySelector('[data-testid=embed-status]')?.textContent ?? '').startsWith('Ready:'), null, {
    timeout: 60000,
    polling: 20,
  });
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 60000 });
  await page.getByRole('button', { name: 'Accept template', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });
  const done = await page.waitForFunction(
    () => {
      const t = document.querySelector('[data-testid=embed-status]')?.textContent ?? '';
      const failed = document.querySelector('[data-testid=embed-error]')?.textContent;
      if (failed) return `FAILED: ${failed}`;
      return t.startsWith('Ready:') ? t : false;
    },
    null,
    { timeout: 300000, polling: 100 },
  );
  return done.jsonValue();
}

test('the same file dropped again embeds nothing; one changed row embeds one text', { timeout: 900000 }, async () => {
  const context = await browser.newContext();
  const elsewhere = requestsElsewhere(context, [server.url]);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(server.url);
  await page.locator('[data-testid=upload]').waitFor({ state: 'attached' });

  // First drop: every row is embedded.
  const first = await dropAndEmbed(page, weatherCsv);
  assert.match(first, /^Ready: 120 rows embedded in /);
  const columns = await page.locator('[data-testid=embed-columns]').textContent();
  assert.equal(
    columns,
    'Vectors are made from “date”, “weather”. Left to words and exact answers: “precipitation”, “temp_max”, “temp_min”, “wind” (measurements).',
  );

  // The same file again: all 120 vectors from this browser's cache.
  const second = await dropAndEmbed(page, weatherCsv);
  assert.match(second, /^Ready: 120 rows \(120 vectors from this browser's cache, 0 embedded in [\d.]+ s\)\./);

  // A copy with one row's weather changed ("rain" → "snow" on 6 January 2012): that row's text is new.
  const text = readFileSync(weatherCsv, 'utf8');
  const rows = readCsv(weatherCsv);
  const changed = rows.find((r) => r.date === '2012/01/06');
  assert.ok(changed && changed.weather !== 'snow', JSON.stringify(changed));
  const edited = text.replace(/^2012\/01\/06,([^,]*,[^,]*,[^,]*,[^,]*),[a-z]+$/m, '2012/01/06,$1,snow');
  assert.notEqual(edited, text);
  const editedCsv = path.join(tmp, 'seattle-weather-2012.csv');
  writeFileSync(editedCsv, edited);
  const third = await dropAndEmbed(page, editedCsv);
  assert.match(third, /^Ready: 120 rows \(119 vectors from this browser's cache, 1 embedded in [\d.]+ s\)\./);

  // The merged vectors rank by meaning as embedded ones do: a snowy day first for "blizzard".
  const before = await page.locator('[data-testid=answer]').count();
  await page.getByLabel('Question', { exact: true }).fill('Which days had a blizzard?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const answer = page.locator('[data-testid=answer]').nth(before);
  await answer.waitFor({ timeout: 60000 });
  assert.equal(await answer.locator('[data-testid=ranking]').textContent(), 'Rows ranked by meaning and words (hybrid search).');
  const top = Number(await answer.locator('[data-testid=passage]').first().getAttribute('data-row'));
  const editedRows = readCsv(editedCsv);
  assert.equal(editedRows[top - 1].weather, 'snow', `row ${top}: ${JSON.stringify(editedRows[top - 1])}`);

  assert.deepEqual(pageErrors, []);
  assert.deepEqual(elsewhere, []);
  await context.close();
});
