// A lean HTTP/1.1 load generator for the HTTP benches (bench/lib/http-bench.mjs). autocannon topped out near
// 12,000-16,000 requests/s on this 2-core machine, about what a bare Fastify server answers, so it could not tell a
// fast server from a slow one (issue 27). This one keeps the work per request to the minimum: every request is a
// Buffer built before the run, each connection sends its next request when the previous answer is complete
// (no pipelining, like a browser or autocannon at pipelining 1), and an answer is read by its status line, the end
// of its head and its Content-Length. Latencies go into a preallocated array, sorted once at the end.
//
// Run as a child process: it receives { port, requests (strings), connections, durationMs, offset, total? } on its IPC
// channel; with `total` it stops once that many requests are sent (a fixed burst rather than a timed run)
// (forked with serialization: 'advanced') and answers { count, errors, statuses, latencies (ms,
// Float64Array), elapsedMs }.
import net from 'node:net';

const END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length:');

function contentLength(head) {
  // Node writes header names as the server gave them, lower-case from Fastify and the trivial server; a head
  // spelling it otherwise is lower-cased first (header names are case-insensitive).
  let lower = head;
  let at = head.indexOf(CONTENT_LENGTH);
  if (at === -1) {
    lower = Buffer.from(head.toString('latin1').toLowerCase(), 'latin1');
    at = lower.indexOf(CONTENT_LENGTH);
  }
  if (at === -1) return -1;
  let n = 0;
  for (let i = at + CONTENT_LENGTH.length; i < lower.length; i++) {
    const c = lower[i];
    if (c === 32) continue;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

export function generate({ port, requests, connections, durationMs, offset = 0, total = Infinity }) {
  const buffers = requests.map((r) => Buffer.from(r, 'latin1'));
  let latencies = new Float64Array(1 << 20);
  let count = 0;
  let errors = 0;
  const statuses = {};
  const started = performance.now();
  const deadline = started + durationMs;
  let open = connections;
  // One sequence for all connections: each request of the list is sent once before any is sent again.
  let next = offset % buffers.length;
  let sent = 0;
  return new Promise((resolve) => {
    const finish = () => {
      if (--open > 0) return;
      resolve({
        count,
        errors,
        statuses,
        latencies: latencies.subarray(0, count),
        elapsedMs: performance.now() - started,
      });
    };
    for (let c = 0; c < connections; c++) {
      let sentAt = 0;
      let pending = Buffer.alloc(0);
      let need = -1; // bytes of the current answer, once its head is complete
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      const send = () => {
        if (performance.now() >= deadline || sent >= total) {
          socket.end();
          return;
        }
        sent++;
        sentAt = performance.now();
        socket.write(buffers[next]);
        next = next + 1 === buffers.length ? 0 : next + 1;
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        if (need === -1) {
          const end = pending.indexOf(END);
          if (end === -1) return;
          const length = contentLength(pending.subarray(0, end));
          if (length < 0) {
            errors++; // chunked or close-delimited answers are not expected from these servers
            socket.destroy();
            return;
          }
          need = end + END.length + length;
        }
        if (pending.length < need) return;
        const status = (pending[9] - 48) * 100 + (pending[10] - 48) * 10 + (pending[11] - 48);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (count === latencies.length) {
          const bigger = new Float64Array(latencies.length * 2);
          bigger.set(latencies);
          latencies = bigger;
        }
        latencies[count++] = performance.now() - sentAt;
        pending = pending.length > need ? pending.subarray(need) : Buffer.alloc(0);
        need = -1;
        send();
      });
      socket.on('error', () => {
        errors++;
      });
      socket.on('close', finish);
    }
  });
}

if (process.send) {
  process.once('message', async (job) => {
    const result = await generate(job);
    process.send(result, () => process.exit(0));
  });
}
