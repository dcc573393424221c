// The log's batches (src/server/http/log-batch.ts): request lines travel as numbers to the writer's thread, which
// makes them into the same text the request line always had; other lines travel as text. Order is kept, and nothing
// is lost when the writer's thread stops.
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { BATCH_MS, LogBatcher } from '../../src/server/http/log-batch.js';

const BINDINGS = ',"pid":4242,"hostname":"box"';
const PREFIX = '0a1b2c3d-4e5f-4a6b-8c7d-';

function tempLog() {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hg-log-batch-')), 'app.log');
  const fd = openSync(file, 'a');
  return {
    fd,
    lines: () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    done: () => closeSync(fd),
  };
}

const textLine = (msg: string) => `${JSON.stringify({ level: 40, msg })}\n`;

describe('the log batches', () => {
  it('write request lines as the request line always read, in order with the other lines', async () => {
    const log = tempLog();
    const batches = new LogBatcher(log.fd, BINDINGS, PREFIX);
    batches.line(textLine('before'));
    batches.request(1_700_000_000_123, 0, 'GET', '/api/gifts/claim/[redacted]', true, 200, 1.2345);
    batches.request(1_700_000_000_124, 255, 'POST', 'a "quoted" \\ path/ü', false, 404, 0.0004);
    batches.line(textLine('between'));
    batches.request(1_700_000_000_125, 2 ** 40, 'GET', '/api/gifts/claim/[redacted]', true, 500, 12.3);
    batches.line(textLine('after'));
    await batches.close();
    const lines = log.lines();
    log.done();
    const request = (time: number, id: string, method: string, url: string, statusCode: number, ms: number) => ({
      level: 30,
      time,
      pid: 4242,
      hostname: 'box',
      reqId: PREFIX + id,
      req: { method, url },
      res: { statusCode },
      responseTime: ms,
      msg: 'request completed',
    });
    expect(lines).toEqual([
      { level: 40, msg: 'before' },
      request(1_700_000_000_123, '000000000000', 'GET', '/api/gifts/claim/[redacted]', 200, 1.235),
      request(1_700_000_000_124, '0000000000ff', 'POST', 'a "quoted" \\ path/ü', 404, 0),
      { level: 40, msg: 'between' },
      request(1_700_000_000_125, '010000000000', 'GET', '/api/gifts/claim/[redacted]', 500, 12.3),
      { level: 40, msg: 'after' },
    ]);
  });

  it('keep every line and their order over many batches, and write lines after close() at once', async () => {
    const log = tempLog();
    const batches = new LogBatcher(log.fd, BINDINGS, PREFIX);
    for (let n = 0; n < 3000; n++) {
      if (n % 7 === 0) batches.line(textLine(`text ${n}`));
      else batches.request(n, n, n % 2 ? 'GET' : 'DELETE', n % 3 ? `/own/${n}` : '/shared', n % 3 === 0, 200, n);
      if (n % 500 === 0) await new Promise((resolve) => setTimeout(resolve, BATCH_MS + 5)); // a batch is handed on
    }
    await batches.close();
    batches.line(textLine('after close'));
    const lines = log.lines();
    log.done();
    expect(lines).toHaveLength(3001);
    lines.slice(0, 3000).forEach((line, n) => {
      if (n % 7 === 0) expect(line.msg).toBe(`text ${n}`);
      else
        expect(line).toMatchObject({
          time: n,
          req: { method: n % 2 ? 'GET' : 'DELETE', url: n % 3 ? `/own/${n}` : '/shared' },
          responseTime: n,
        });
    });
    expect(lines[3000]!.msg).toBe('after close');
  });

  it('write every line themselves when the writer thread stops', async () => {
    const log = tempLog();
    // A writer that ends at once, as a thread that failed would.
    const batches = new LogBatcher(log.fd, BINDINGS, PREFIX, () => new Worker('', { eval: true }));
    batches.line(textLine('first'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let n = 0; n < 100; n++) batches.request(n, n, 'GET', '/shared', true, 200, 1);
    batches.line(textLine('last'));
    await batches.close();
    const lines = log.lines();
    log.done();
    expect(lines).toHaveLength(102);
    expect(lines[0]!.msg).toBe('first');
    expect(lines[101]!.msg).toBe('last');
  });
});
