// The log's writer, a worker thread (started by log-batch.ts): it turns each batch the main thread hands it into text
// and writes it to the log's file descriptor, so neither the request lines' text nor the writing costs the requests'
// thread anything (docs/benchmarks.md, "Session 17").
import { parentPort, workerData } from 'node:worker_threads';
import { BatchText, type LogBatch } from './log-format.js';
import { writeAllSync, writeAsWriter } from './log-handover.js';

export interface WriterData {
  fd: number;
  bindings: string;
  idPrefix: string;
  handover: Int32Array;
}

export type WriterMessage = LogBatch | { close: true };

const { fd, bindings, idPrefix, handover } = workerData as WriterData;
const text = new BatchText(bindings, idPrefix);

let closed = false;

parentPort!.on('message', (message: WriterMessage) => {
  if (closed) return;
  if ('close' in message) {
    closed = true;
    parentPort!.postMessage('closed');
    parentPort!.close();
    return;
  }
  const written = writeAsWriter(handover, message.seq, () => writeAllSync(fd, text.text(message)));
  // The main thread has taken over (it is exiting) and writes what is left itself.
  if (!written) parentPort!.close();
});
