// What the security suite reads from workerd's V8 inspector (the DevTools protocol workerd serves
// for `wrangler dev`): the size of the worker's WebAssembly memory, which holds everything the
// Rust code allocates (the Durable Objects' collections and every statement's engine). A
// WebAssembly memory never shrinks, so its size is the high-water mark of the Rust heap.
//
// Node 20 has no WebSocket client and the tests depend on no package for one: `connect` speaks
// just enough of RFC 6455 (masked text frames out; text, continuation, ping and close in).

import crypto from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';

/** The ports `pid` listens on (IPv4 and IPv6), from its socket inodes and the kernel's tables. */
export function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {}
  }
  const ports = [];
  for (const table of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st … inode: st 0A is LISTEN.
      if (f.length > 9 && f[3] === '0A' && inodes.has(f[9])) ports.push(parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}

/** The DevTools WebSocket address of the worker named `name` among workerd `pids`, or null. */
export async function findInspector(pids, name) {
  for (const pid of pids) {
    for (const port of listeningPorts(pid)) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
        const targets = await res.json();
        const t = Array.isArray(targets) && targets.find((x) => String(x.id).endsWith(`:${name}`) && x.webSocketDebuggerUrl);
        if (t) return t.webSocketDebuggerUrl.replace('localhost', '127.0.0.1');
      } catch {}
    }
  }
  return null;
}

/** A DevTools session: `send(method, params)` resolves with the result; `events` collects the
 *  notifications by method. */
export function connect(url, { timeoutMs = 30000 } = {}) {
  const u = new URL(url);
  const key = crypto.randomBytes(16).toString('base64');
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': key, 'sec-websocket-version': '13' } });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no WebSocket upgrade from ${url}`)));
    req.on('error', reject);
    req.on('response', (res) => reject(new Error(`${url}: HTTP ${res.statusCode}, not a WebSocket`)));
    req.on('upgrade', (_res, socket, head) => {
      let buf = head;
      let message = [];
      let id = 0;
      const pending = new Map();
      const events = new Map();
      const frame = (opcode, payload) => {
        const mask = crypto.randomBytes(4);
        const n = payload.length;
        const header = n < 126 ? Buffer.from([0x80 | opcode, 0x80 | n]) : n < 65536 ? Buffer.from([0x80 | opcode, 0x80 | 126, n >> 8, n & 255]) : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(n)); return b; })()]);
        const body = Buffer.from(payload);
        for (let i = 0; i < body.length; i++) body[i] ^= mask[i & 3];
        socket.write(Buffer.concat([header, mask, body]));
      };
      const fail = (e) => {
        for (const [, p] of pending) p.reject(e);
        pending.clear();
      };
      socket.on('error', fail);
      socket.on('close', () => fail(new Error(`${url} closed (${[...events].map(([k, v]) => k + ' ' + v.length).join(', ')})`)));
      socket.on('data', (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          if (buf.length < 2) return;
          const fin = buf[0] & 0x80;
          const opcode = buf[0] & 0x0f;
          let len = buf[1] & 0x7f;
          let at = 2;
          if (len === 126) {
            if (buf.length < 4) return;
            len = buf.readUInt16BE(2);
            at = 4;
          } else if (len === 127) {
            if (buf.length < 10) return;
            len = Number(buf.readBigUInt64BE(2));
            at = 10;
          }
          if (buf[1] & 0x80) at += 4; // a server never masks; tolerate it anyway
          if (buf.length < at + len) return;
          const payload = buf.subarray(at, at + len);
          buf = buf.subarray(at + len);
          if (opcode === 9) frame(10, payload);
          else if (opcode === 8) socket.end();
          else if (opcode === 1 || opcode === 0) {
            message.push(Buffer.from(payload));
            if (fin) {
              const m = JSON.parse(Buffer.concat(message).toString('utf8'));
              message = [];
              if (m.id !== undefined && pending.has(m.id)) {
                const p = pending.get(m.id);
                pending.delete(m.id);
                if (m.error) p.reject(new Error(`${m.error.message} (${m.error.code})`));
                else p.resolve(m.result);
              } else if (m.method) {
                if (!events.has(m.method)) events.set(m.method, []);
                events.get(m.method).push(m.params);
              }
            }
          }
        }
      });
      resolve({
        events,
        send(method, params = {}) {
          return new Promise((res, rej) => {
            const n = ++id;
            const timer = setTimeout(() => {
              pending.delete(n);
              rej(new Error(`${method}: no answer in ${timeoutMs} ms`));
            }, timeoutMs);
            pending.set(n, { resolve: (v) => (clearTimeout(timer), res(v)), reject: (e) => (clearTimeout(timer), rej(e)) });
            frame(1, JSON.stringify({ id: n, method, params }));
          });
        },
        close() {
          socket.destroy();
        },
      });
    });
    req.end();
  });
}

/** The byte length of the largest ArrayBuffer in the worker's heap (after the full GC a heap
 *  snapshot starts with): its WebAssembly memory, every other buffer being smaller. */
export async function wasmMemoryBytes(url, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await snapshotMax(url);
    } catch (e) {
      if (i >= tries) throw e;
    }
  }
}

async function snapshotMax(url) {
  const s = await connect(url);
  try {
    await s.send('HeapProfiler.enable');
    await s.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    const snap = JSON.parse((s.events.get('HeapProfiler.addHeapSnapshotChunk') ?? []).map((c) => c.chunk).join(''));
    const fields = snap.snapshot.meta.node_fields;
    const [nameAt, sizeAt, n] = [fields.indexOf('name'), fields.indexOf('self_size'), fields.length];
    const data = snap.strings.indexOf('system / JSArrayBufferData');
    let max = 0;
    for (let i = 0; i < snap.nodes.length; i += n) if (snap.nodes[i + nameAt] === data) max = Math.max(max, snap.nodes[i + sizeAt]);
    return max;
  } finally {
    s.close();
  }
}
