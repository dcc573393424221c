// keepTickObjectShape (decision 039): with one tick object kept alive, the full collections that drop the tick
// object's maps while none is alive leave process.nextTick's literal monomorphic, where without it they turn it
// megamorphic for good, even with npm start's map-retention flag (a memory-reducing collection ignores that flag).
// The states are V8's own, read in a child process by tests/fixtures/runtime/tick-feedback-probe.ts.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promiseHooksOn } from '../../src/server/observability/promise-hooks.js';
import { keepTickObjectShape } from '../../src/server/tick-shape.js';
import { MAP_RETENTION_FLAG } from '../../src/server/heap-limit.js';

const probe = path.resolve(import.meta.dirname, '../fixtures/runtime/tick-feedback-probe.ts');

/** The inline-cache states of the tick object literal's property definitions after the probe's collections. */
function literalStates(flags: string[], mode: 'keep' | 'none'): string[] {
  // V8 prints with C's stdio, which loses what a pipe Node made non-blocking cannot take at once: hence a file.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-tick-'));
  const file = path.join(dir, 'out.txt');
  const fd = openSync(file, 'w');
  let out: string;
  try {
    const args = ['--import', 'tsx', '--allow-natives-syntax', '--expose-gc', ...flags, probe, mode];
    execFileSync(process.execPath, args, { stdio: ['ignore', fd, 'inherit'] });
    out = readFileSync(file, 'utf8');
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe('keepTickObjectShape', () => {
  it('keeps the tick literal monomorphic through memory-reducing and idle full collections', () => {
    const states = literalStates([], 'keep');
    expect(states).toHaveLength(4); // the two symbol keys, callback and args
    expect(new Set(states)).toEqual(new Set(['MONOMORPHIC']));
  });

  it('is what makes the difference: without it the same collections turn the literal megamorphic', () => {
    expect(literalStates([], 'none')).toContain('MEGAMORPHIC');
    // npm start's map-retention flag (decision 032) does not cover a memory-reducing collection.
    expect(literalStates([MAP_RETENTION_FLAG], 'none')).toContain('MEGAMORPHIC');
  });

  it("keeps a tick object of Node's own, leaves no hook on, and answers the same one when called again", async () => {
    const kept = keepTickObjectShape();
    expect(Object.getOwnPropertySymbols(kept).map(String)).toEqual([
      'Symbol(async_id_symbol)',
      'Symbol(trigger_async_id_symbol)',
    ]);
    expect(typeof (kept as { callback?: unknown }).callback).toBe('function');
    expect(keepTickObjectShape()).toBe(kept);
    expect(await promiseHooksOn()).toBe(false);
  });
});
