// The start flags of decisions 028, 031, 032 and 033: npm start passes them, a process started with the heap cap gets no
// warning, and one started with V8's default limit on a large machine is told how to start instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  HEAP_LIMIT_FLAG,
  MAP_RETENTION_FLAG,
  MEMORY_REDUCER_FLAG,
  PRETENURING_FLAG,
  YOUNG_GENERATION_FLAG,
  heapLimitNotice,
} from '../../src/server/heap-limit.js';

const MB = 1024 * 1024;
/** npm start's node flags, in the start script's order. */
const START_FLAGS = [HEAP_LIMIT_FLAG, YOUNG_GENERATION_FLAG, MEMORY_REDUCER_FLAG, MAP_RETENTION_FLAG, PRETENURING_FLAG];

function heapLimitOfNode(args: string[]): number {
  const out = execFileSync(process.execPath, [...args, '-p', 'require("v8").getHeapStatistics().heap_size_limit']);
  return Number(out.toString().trim());
}

it('npm start runs the server with the heap cap, the young generation, no memory reducer, maps kept and no pretenuring', () => {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  expect(pkg.scripts.start).toContain(`node ${START_FLAGS.join(' ')} dist/node/server/main.js`);
});

it("is given flags this Node.js's V8 knows (an unknown one would stop the server at start)", () => {
  expect(
    execFileSync(process.execPath, [...START_FLAGS, '-p', '"started"'])
      .toString()
      .trim(),
  ).toBe('started');
});

it('says nothing when the process runs with the cap', () => {
  const limit = heapLimitOfNode([HEAP_LIMIT_FLAG]);
  expect(limit).toBeLessThan(1024 * MB);
  expect(heapLimitNotice(limit)).toBeNull();
});

it("warns, naming the flag, when the heap limit is V8's generous default", () => {
  const notice = heapLimitNotice(4144 * MB);
  expect(notice).toContain('4144 MB');
  expect(notice).toContain(HEAP_LIMIT_FLAG);
  // A limit an operator chose below V8's most generous growth passes.
  expect(heapLimitNotice(heapLimitOfNode(['--max-old-space-size=1536']))).toBeNull();
  expect(heapLimitNotice(heapLimitOfNode(['--max-old-space-size=2048']))).not.toBeNull();
});
