// Helpers shared by the end-to-end tests: paths, free ports, a static server, child processes.

import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

export const testsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(testsDir, '..');

/** A binary `cargo test` built (under CARGO_TARGET_DIR when set, as cargo reads it), or the path in
 * TABLETALK_<NAME>_BIN (e.g. TABLETALK_TABLETALK_LLM_BIN). */
export function cargoBin(name) {
  const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(repoRoot, process.env.CARGO_TARGET_DIR) : path.join(repoRoot, 'target');
  return process.env[`TABLETALK_${name.toUpperCase().replace('-', '_')}_BIN`] ?? path.join(targetDir, 'debug', name);
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves `root` on 127.0.0.1 (unknown paths fall back to index.html). Returns { url, close }. */
export async function serveStatic(root, port = 0) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.normalize(path.join(root, urlPath));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}`,
    // Ends every connection too: `server.close` alone waits for open ones, and a browser can
    // hold one mid-response (a service worker's fetch under back-pressure) for as long as it likes.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The process groups started and not yet ended: a file stopped by node's `--test-timeout` (a
 *  SIGTERM) ends them too, or a workerd or a server would outlive the run and hold its ports. */
const live = new Set();
let reaping = false;
function reapOnTerm() {
  if (reaping) return;
  reaping = true;
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      for (const pid of live) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
      }
      process.exit(signal === 'SIGTERM' ? 143 : 130);
    });
  }
}

/** Starts a long-running command in its own process group; `stop()` ends the whole group. */
export function startProcess(command, args, options = {}) {
  reapOnTerm();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  live.add(child.pid);
  child.on('exit', () => live.delete(child.pid));
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url, { timeoutMs = 60000, process: proc } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(`process exited before ${url} answered:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      return;
    } catch (e) {
      lastError = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})${proc ? `:\n${proc.output()}` : ''}`);
}

/** Every request a browser context makes (its pages, their workers, the service worker) to an
 *  http(s)/ws(s) origin other than those of `allowed` (the services the test started), pushed onto
 *  `seen` as "METHOD URL" and returned. A browser test names what its page may reach; anything
 *  else — the edge of a `cargo xtask serve` on 127.0.0.1:8787, its app on :8080, its LLM on :8081 —
 *  is a request the test did not give the page, whether something listens there or not. */
export function requestsElsewhere(context, allowed, seen = []) {
  const origins = new Set(allowed.map((u) => new URL(u).origin));
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (/^(http|https|ws|wss):$/.test(u.protocol) && !origins.has(u.origin)) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

/** Debian's headless Chromium with the flags every browser test uses (CHROMIUM_PATH overrides it). */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/** Rows of a CSV without quoted fields, as objects; `row` is the 1-based data-row number. */
export function readCsv(file) {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((line, i) => ({ row: i + 1, ...Object.fromEntries(line.split(',').map((v, j) => [names[j], v])) }));
}

/** Serious and critical axe-core violations on the page as it is now, one line each. */
export async function axeViolations(page) {
  await page.addScriptTag({ content: readFileSync(path.join(testsDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8') });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** edge/wrangler.toml without its [build] table, its `main` pointing at the worker built by
 *  `cargo xtask test` (edge/build/): `wrangler dev --config` on it starts without rebuilding, which
 *  takes half a minute per start. Only edge.test.mjs keeps the build, to test that path. */
export function prebuiltWranglerConfig(dir) {
  const kept = [];
  let inBuild = false;
  for (const line of readFileSync(path.join(repoRoot, 'edge', 'wrangler.toml'), 'utf8').split('\n')) {
    if (/^\s*\[/.test(line)) inBuild = /^\s*\[build\]\s*$/.test(line);
    if (!inBuild) kept.push(line);
  }
  const main = path.join(repoRoot, 'edge', 'build', 'worker', 'shim.mjs');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the edge first (cd edge && worker-build --profile wasm-release --no-opt)`);
  const file = path.join(dir, 'wrangler.toml');
  writeFileSync(file, kept.join('\n').replace(/^main\s*=.*$/m, `main = ${JSON.stringify(main)}`));
  return file;
}

/** A full-page screenshot kept as a test artefact. A screenshot that does not finish within a
 *  minute is reported and skipped: once in CI one hung (Chromium waiting on the page's fonts)
 *  until the whole test's time limit, and an artefact must not decide a test. */
export async function screenshot(page, file, options = {}) {
  let timer;
  const gaveUp = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timed out'), 60000);
  });
  const taken = page.screenshot({ path: file, fullPage: true, timeout: 55000, ...options }).then(() => 'ok', (e) => String(e).split('\n')[0]);
  const outcome = await Promise.race([taken, gaveUp]);
  clearTimeout(timer);
  if (outcome !== 'ok') console.warn(`screenshot ${file}: ${outcome}; the test goes on without it`);
}
