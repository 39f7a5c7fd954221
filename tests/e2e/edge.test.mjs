// The edge worker in workerd, through `wrangler dev --local` (which runs the worker-build command
// from edge/wrangler.toml first).

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { freePort, repoRoot, startProcess, testsDir, waitForHttp } from './support.mjs';

let edge;
let base;

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  edge = startProcess(
    path.join(testsDir, 'node_modules', '.bin', 'wrangler'),
    ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false'],
    { cwd: path.join(repoRoot, 'edge'), env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
  );
  // The first start may compile the worker.
  await waitForHttp(`${base}/health`, { timeoutMs: 600000, process: edge });
});

after(async () => {
  await edge?.stop();
});

test('GET /health answers 200 with the service JSON', async () => {
  const res = await fetch(`${base}/health`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /application\/json/);
  assert.deepEqual(await res.json(), { status: 'ok', service: 'tabletalk-edge', version: '0.1.0' });
});

test('an unknown path is a 404 with a JSON error', async () => {
  const res = await fetch(`${base}/no/such/route`);
  assert.equal(res.status, 404);
  const body = await res.json();
  assert.equal(body.error, 'not_found');
  assert.match(body.message, /\/no\/such\/route/);
});

test('a wrong method on /health is a 405 with a JSON error', async () => {
  const res = await fetch(`${base}/health`, { method: 'POST' });
  assert.equal(res.status, 405);
  assert.equal((await res.json()).error, 'method_not_allowed');
});
