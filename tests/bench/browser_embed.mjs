// Benchmark: sentences/s of the app's embedding worker in Debian Chromium, CPU path (candle, wasm
// SIMD) and WebGPU path (SwiftShader unless the machine has a GPU Chromium can use), at several
// batch sizes, on the committed verbalised sentences. Not a test: it prints a Markdown table for
// docs/benchmarks.md. Needs a release build in dist/ (trunk build --release).
//
//   node bench/browser_embed.mjs [SENTENCES=64] [BATCHES=1,8,32,128] [DEVICES=cpu,gpu]

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { repoRoot, serveStatic, testsDir } from '../e2e/support.mjs';

const [n = '64', batchesArg = '1,8,32,128', devicesArg = 'cpu,gpu'] = process.argv.slice(2);
const dist = path.resolve(process.env.TABLETALK_DIST ?? path.join(repoRoot, 'dist'));
const reference = JSON.parse(readFileSync(path.join(testsDir, 'fixtures', 'embeddings', 'minilm_reference.json'), 'utf8'));
const texts = reference.sentences.slice(0, Number(n));
const server = await serveStatic(dist);
const rows = [];
for (const device of devicesArg.split(',')) {
  const args = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  args.push(device === 'gpu' ? '--enable-unsafe-webgpu' : '--disable-gpu');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args });
  const page = await browser.newPage();
  await page.goto(server.url);
  const out = await page.evaluate(
    async ({ device, texts, batches }) => {
      const w = new Worker('./embed_worker_loader.js');
      let waiting;
      w.onmessage = (e) => {
        const m = JSON.parse(e.data.json);
        if (['started', 'ready', 'vectors', 'error'].includes(m.type)) waiting(m);
      };
      const next = () => new Promise((r) => (waiting = r));
      const send = (m) => w.postMessage({ json: JSON.stringify(m) });
      await next();
      let p = next();
      send({ type: 'load', model: 'all-MiniLM-L6-v2', base_url: new URL('models/all-MiniLM-L6-v2/', document.baseURI).href, device, precision: 'f32' });
      const ready = await p;
      if (ready.type === 'error') return { error: ready.message };
      const results = [];
      let job = 0;
      // One warm-up job (shader compilation, first allocations), then each batch size.
      p = next();
      send({ type: 'embed', job: ++job, texts: texts.slice(0, 8), batch: 8 });
      await p;
      for (const batch of batches) {
        p = next();
        const t0 = performance.now();
        send({ type: 'embed', job: ++job, texts, batch });
        const m = await p;
        if (m.type === 'error') return { error: m.message };
        results.push({ batch, ms: performance.now() - t0 });
      }
      w.terminate();
      return { ready, results };
    },
    { device, texts, batches: batchesArg.split(',').map(Number) },
  );
  await browser.close();
  if (out.error) {
    console.error(`${device}: ${out.error}`);
    continue;
  }
  for (const r of out.results) rows.push({ path: device === 'gpu' ? `WebGPU (${out.ready.device.adapter || 'adapter'}, ${out.ready.device.precision})` : 'CPU (candle, wasm SIMD)', batch: r.batch, rate: (texts.length / r.ms) * 1000, ms: r.ms });
}
await server.close();
const cpu = Object.fromEntries(rows.filter((r) => r.path.startsWith('CPU')).map((r) => [r.batch, r.rate]));
console.log(`| path | batch | sentences/s | time for ${texts.length} | vs CPU path |`);
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.path} | ${r.batch} | ${r.rate.toFixed(1)} | ${(r.ms / 1000).toFixed(2)} s | ${cpu[r.batch] ? (r.rate / cpu[r.batch]).toFixed(2) + '×' : '–'} |`);
