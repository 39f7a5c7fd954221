// Security (issue 20, item 4): the app sends data only to an edge the user chose on the page. A
// crafted link (`?edge=` pointing at someone else's server) only fills in the address field; the
// page sends nothing there — not for Refine, Publish or a question — until the user clicks
// "Use this edge", and says so. Two counting servers stand in for edges (they answer CORS and
// record every request); the app is the built dist/ in Chromium.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { launchChromium, repoRoot, requestsElsewhere, serveStatic, testsDir } from '../e2e/support.mjs';

const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const weatherCsv = path.join(testsDir, 'fixtures', 'seattle-weather-2012.csv');

let server;
let browser;
const edges = {};

/** A server that answers every request (CORS included) with a JSON 404 and remembers it. */
async function countingEdge() {
  const seen = [];
  const srv = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end('{"error":"not_found","message":"counting edge"}');
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${srv.address().port}`, seen, close: () => new Promise((r) => (srv.closeAllConnections(), srv.close(r))) };
}

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), `${dist}/index.html is missing: run \`trunk build --release\` first`);
  server = await serveStatic(dist);
  edges.lure = await countingEdge();
  edges.chosen = await countingEdge();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  for (const e of Object.values(edges)) await e.close();
});

async function ask(page, question) {
  const before = await page.locator('[data-testid=answer]').count();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=answer]').length > n, before, { timeout: 120000 });
  return page.locator('[data-testid=answer]').nth(before);
}

test('a crafted ?edge= link sends nothing until the user confirms an edge; then only that edge gets data', { timeout: 600000 }, async () => {
  const context = await browser.newContext();
  // Whatever else the page might reach — the linked address, the local edge it suggests on
  // 127.0.0.1 (:8787, where a `cargo xtask serve` may be listening) — must get nothing either.
  const away = requestsElsewhere(context, [server.url, edges.chosen.url]);
  const page = await context.newPage();
  await page.goto(`${server.url}/?edge=${encodeURIComponent(edges.lure.url)}`);
  await page.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  await page.locator('[data-testid=template-step]').waitFor({ timeout: 60000 });
  assert.equal(await page.locator('[data-testid=edge-address-refine]').inputValue(), edges.lure.url, 'the link only fills in the field');

  // Refine, a question the rules compute only in part (SQL from the LLM), an open question
  // (generation), and Publish: none reaches the linked address.
  await page.getByRole('button', { name: 'Refine with the LLM', exact: true }).click();
  await page.locator('[data-testid=refine-error]').waitFor({ timeout: 30000 });
  assert.deepEqual(edges.lure.seen, [], 'Refine sent nothing to the address in the link');
  assert.match(await page.locator('[data-testid=edge-address-refine-sends]').textContent(), /is not in use: nothing is sent to it/);
  await page.getByRole('button', { name: 'Accept template', exact: true }).click();
  await page.locator('[data-testid=chat]').waitFor({ timeout: 60000 });
  await ask(page, 'Is wind higher when precipitation is above 10?');
  await ask(page, 'Why did it snow?');
  // Publishing needs the rows embedded first; then it is refused for want of a chosen edge.
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-status]')?.textContent.startsWith('Ready:'), null, { timeout: 300000 });
  const form = page.locator('[data-testid=publish]');
  await form.getByLabel('Publish token', { exact: true }).fill('some-token');
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await form.locator('[data-testid=publish-error]').waitFor({ timeout: 60000 });
  assert.match(await form.locator('[data-testid=publish-error]').textContent(), /No edge is in use/);
  assert.deepEqual(edges.lure.seen, [], 'nothing was sent to the address in the link');
  assert.deepEqual(away, [], 'nor anywhere else');
  assert.deepEqual(edges.chosen.seen, [], 'nor to the edge chosen later');
  assert.equal(await page.evaluate(() => localStorage.getItem('tabletalk.edge')), null);

  // The user types another address and confirms it: questions now go there, and only there; the
  // page says what is sent.
  await page.locator('[data-testid=edge-address-refine]').fill(edges.chosen.url);
  await page.locator('[data-testid=edge-address-refine-use]').click();
  assert.match(await page.locator('[data-testid=edge-address-refine-sends]').textContent(), new RegExp(`^Data leaves this page only for ${edges.chosen.url.replace(/[.]/g, '\\.')}, and only when you act`));
  await ask(page, 'Why did it snow?');
  assert.ok(edges.chosen.seen.some((r) => r.startsWith('POST /v1/answer')), JSON.stringify(edges.chosen.seen));
  assert.deepEqual(edges.lure.seen, []);

  // The choice is kept for this origin; a later crafted link again only fills in the field.
  const again = await context.newPage();
  await again.goto(`${server.url}/?edge=${encodeURIComponent(edges.lure.url)}`);
  await again.locator('[data-testid=upload]').setInputFiles(weatherCsv);
  await again.locator('[data-testid=template-step]').waitFor({ timeout: 60000 });
  assert.equal(await again.locator('[data-testid=edge-address-refine]').inputValue(), edges.lure.url);
  assert.match(await again.locator('[data-testid=edge-address-refine-sends]').textContent(), /is not in use/);
  const seen = edges.chosen.seen.length;
  await again.locator('[data-testid=refine-token]').fill('some-token');
  await again.getByRole('button', { name: 'Refine with the LLM', exact: true }).click();
  await again.locator('[data-testid=refine-error]').waitFor({ timeout: 30000 });
  assert.ok(edges.chosen.seen.slice(seen).some((r) => r.startsWith('POST /v1/refine')), 'refine went to the chosen edge');
  assert.deepEqual(edges.lure.seen, [], 'never to the linked one');
  assert.deepEqual(away, [], 'nor anywhere else but the chosen edge');
  await context.close();
});
