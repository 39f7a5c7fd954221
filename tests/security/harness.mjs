// What the security suite's files share: the edge (the worker `cargo xtask test` built, in
// workerd through `wrangler dev`, started once per file) with chosen vars, publishing with the
// real CLI, and the files of the edge's local storage.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { cargoBin, freePort, prebuiltWranglerConfig, repoRoot, startProcess, testsDir, waitForHttp } from '../e2e/support.mjs';

const run = promisify(execFile);

export const PEOPLE = `name,city,age,occupation
Alice Smith,Lisbon,34,engineer
Bruno Costa,Porto,41,teacher
Carla Diaz,Madrid,29,nurse
Daniel Weber,Berlin,52,baker
Elena Rossi,Rome,38,architect
`;

/** Starts the edge with `vars`; `{ base, work, state, pid, stop() }` (`pid`: wrangler's, the root
 *  of the process tree workerd runs in). The worker must be built. */
export async function startEdge(vars) {
  if (!existsSync(cargoBin('tabletalk'))) throw new Error(`${cargoBin('tabletalk')} is missing: cargo build -p tabletalk`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'tabletalk-security-'));
  const state = path.join(work, 'state');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = ['dev', '--config', prebuiltWranglerConfig(work), '--local', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--persist-to', state];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  const proc = startProcess(path.join(testsDir, 'node_modules', '.bin', 'wrangler'), args, {
    cwd: path.join(repoRoot, 'edge'),
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
  await waitForHttp(`${base}/health`, { timeoutMs: 600000, process: proc });
  return {
    base,
    work,
    state,
    pid: proc.child.pid,
    output: () => proc.output(),
    async stop() {
      await proc.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Publishes `csv` (its text) as collection `id` with the CLI. */
export async function publish(edge, id, token, csv = PEOPLE) {
  const file = path.join(edge.work, `${id}.csv`);
  writeFileSync(file, csv);
  return run(cargoBin('tabletalk'), ['publish', file, '--edge', edge.base, '--token', token, '--collection', id, '--json'], { cwd: repoRoot, maxBuffer: 1 << 24, timeout: 300000 });
}

/** Every file under `dir` (relative paths, sorted): the edge's local storage. */
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** The columns of the people table as `/v1/refine` takes them (`n` of them: the four real ones,
 *  then made-up text columns). */
export function refineColumns(n = 4) {
  const names = ['name', 'city', 'age', 'occupation'];
  for (let i = names.length; i < n; i++) names.push(`extra_${i}`);
  return names.slice(0, n).map((name) => ({ name, type: name === 'age' ? 'integer' : 'text', categorical: false, distinct: 5, missing: 0, samples: ['x'] }));
}

/** A first row for `refineColumns(n)`: a value per field, which the model is shown. */
export function firstRow(n = 4) {
  const values = ['Alice Smith', 'Lisbon', '34', 'engineer'];
  for (let i = values.length; i < n; i++) values.push(`value ${i}`);
  return values.slice(0, n);
}

/** Waits, when the rate limit's one-minute window ends within `ms`, for the next one to begin,
 *  so a test's count is not split over two windows. */
export async function freshWindow(ms = 15000) {
  const left = 60000 - (Date.now() % 60000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 250));
}
