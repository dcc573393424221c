// The app's log is written asynchronously (src/server/http/logging.ts): nothing logged may be lost when the
// process ends, whether it closes the logger on shutdown or exits at once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppLogger } from '../../src/server/http/logging.js';

const LINES = 20_000;
const tempFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'hg-log-')), 'app.log');
const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; n?: number });

describe('the app logger', () => {
  it('writes every line logged before close(), in order, and the lines logged after it', async () => {
    const file = tempFile();
    const log = createAppLogger('info', file);
    for (let n = 0; n < LINES; n++) log.logger.info({ n, padding: 'x'.repeat(100) }, 'line');
    const closed = log.close(); // while most of the buffer is still unwritten
    log.logger.info('logged while closing');
    await closed;
    log.logger.info('logged after close');
    const lines = readLines(file);
    expect(lines.filter((l) => l.msg === 'line').map((l) => l.n)).toEqual(Array.from({ length: LINES }, (_, n) => n));
    expect(lines.map((l) => l.msg)).toContain('logged while closing');
    expect(lines.at(-1)?.msg).toBe('logged after close');
  });

  it('logs below its level nowhere', async () => {
    const file = tempFile();
    const log = createAppLogger('warn', file);
    log.logger.info('quiet');
    log.logger.warn('loud');
    await log.close();
    expect(readLines(file).map((l) => l.msg)).toEqual(['loud']);
  });

  it('writes every line out, request lines too, when the process exits without closing it', () => {
    const file = tempFile();
    const script = `
      import { createAppLogger } from ${JSON.stringify(path.resolve('src/server/http/logging.ts'))};
      const log = createAppLogger('info', ${JSON.stringify(file)});
      for (let n = 0; n < ${LINES}; n++) {
        log.logger.info({ n, padding: 'x'.repeat(100) }, 'line');
        log.requestLines.request(Date.now(), n, 'GET', '/api/health', true, 200, 1);
      }
      log.logger.info('last words');
      process.exit(3);
    `;
    expect(() =>
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'pipe' }),
    ).toThrow(expect.objectContaining({ status: 3 }));
    const lines = readLines(file);
    expect(lines.filter((l) => l.msg === 'line')).toHaveLength(LINES);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(LINES);
    expect(lines.at(-1)?.msg).toBe('last words');
  }, 60_000); // starts a TypeScript process
});
