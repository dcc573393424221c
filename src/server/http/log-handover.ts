// Who writes the log's batches: the writer's thread (log-writer-worker.ts) while the process runs, the main thread
// once it is exiting. They share two numbers: who holds the pen, and the last batch written. The writer takes the pen
// for each batch; the exit handler waits for it to be put down and keeps it, then writes every batch after the last
// one written. So no batch is written twice, and none is lost.
import { writeSync } from 'node:fs';

const PEN = 0;
const LAST_WRITTEN = 1;
const FREE = 0;
const WRITER = 1;
const MAIN = 2;

export const newHandover = (): Int32Array => new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** The writer's side: writes batch `seq` unless the main thread has taken over (then answers false). */
export function writeAsWriter(state: Int32Array, seq: number, write: () => void): boolean {
  if (Atomics.compareExchange(state, PEN, FREE, WRITER) !== FREE) return false;
  try {
    write();
    Atomics.store(state, LAST_WRITTEN, seq);
  } finally {
    Atomics.store(state, PEN, FREE);
    Atomics.notify(state, PEN);
  }
  return true;
}

/** The main thread's side, for good: waits until the writer has put the pen down, and answers the last batch written. */
export function takeOver(state: Int32Array): number {
  while (Atomics.compareExchange(state, PEN, FREE, MAIN) === WRITER) Atomics.wait(state, PEN, WRITER, 100);
  return Atomics.load(state, LAST_WRITTEN);
}

/** The last batch the writer has written. */
export const lastWritten = (state: Int32Array): number => Atomics.load(state, LAST_WRITTEN);

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to `fd`, synchronously. A pipe set non-blocking answers EAGAIN when full: wait a little and go
 * on, as sonic-boom does.
 */
export function writeAllSync(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}
