// The main thread's side of the log: the lines of a few milliseconds are gathered into a batch and handed to the
// writer's thread (log-writer-worker.ts), which turns them into text and writes them. A request line is gathered as
// seven numbers, not as text: building its text and writing it were ≈ 5 % of a claim lookup's CPU on the requests'
// thread (docs/benchmarks.md, "Session 17"). Nothing is lost: on close() the writer writes everything before it
// stops, and if the process exits first (process.exit on a fatal error), the exit handler takes over from the writer
// and writes what it had not, synchronously.
import type { Worker } from 'node:worker_threads';
import { BatchText, RECORD, RECORD_SLOTS, type LogBatch } from './log-format.js';
import { lastWritten, newHandover, takeOver, writeAllSync } from './log-handover.js';
import { startLogWriter } from './log-writer-start.js';
import type { WriterMessage } from './log-writer-worker.js';

/**
 * How long a line may wait to be handed on: one message per interval at most, however many lines it holds. Each
 * message wakes the writer's thread, which then writes once; at 10 ms that was a hundred wakeups and writes a second
 * on a two-core machine the requests share (docs/benchmarks.md, "Session 21").
 */
export const BATCH_MS = 50;

/** Batchers not yet closed: on exit, each writes out what it holds (process.exit skips every turn still to come). */
const open = new Set<LogBatcher>();
process.on('exit', () => {
  for (const batcher of open) batcher.writeOutNow();
});

export class LogBatcher {
  private records = new Float64Array(256 * RECORD_SLOTS);
  private count = 0;
  private texts: string[] = [];
  private known: Array<[number, string]> = [];
  private readonly knownIndex = new Map<string, number>();
  private seq = 0;
  /** Handed to the writer and perhaps not yet written: the exit handler writes those the writer has not. */
  private pending: LogBatch[] = [];
  private timer?: NodeJS.Timeout;
  /** The writer's thread; none once closed, or if it failed (then every batch is written here, synchronously). */
  private writer?: Worker;
  private readonly handover = newHandover();
  private readonly text: BatchText;
  /** Set by close(); once the writer has finished too, each line is written as it comes, synchronously. */
  private closing?: Promise<void>;

  /** `startWriter` starts the writer's thread (tests give one that stops, to see nothing is lost then). */
  constructor(
    private readonly fd: number,
    bindings: string,
    idPrefix: string,
    startWriter: typeof startLogWriter = startLogWriter,
  ) {
    this.text = new BatchText(bindings, idPrefix);
    this.writer = startWriter({ fd, bindings, idPrefix, handover: this.handover });
    // Unref'd: the writer never keeps the process up; close() and the exit handler see its lines written.
    this.writer.unref();
    this.writer.on('error', () => this.writerLost());
    this.writer.on('exit', () => this.writerLost());
    open.add(this);
  }

  /** A line of text (pino's, ending in a newline). */
  line(text: string): void {
    const at = this.slot(RECORD.text);
    this.records[at + 1] = this.texts.push(text) - 1;
    this.scheduled();
  }

  /**
   * A request line. `url` is the redacted URL; `shared` says it is one many requests log (a route template's), kept
   * once by both threads rather than handed on with every line.
   */
  request(
    time: number,
    requestNumber: number,
    method: string,
    url: string,
    shared: boolean,
    statusCode: number,
    milliseconds: number,
  ): void {
    const at = this.slot(shared ? RECORD.requestKnownUrl : RECORD.requestOwnUrl);
    const records = this.records;
    records[at + 1] = shared ? this.knownAs(url) : this.texts.push(url) - 1;
    records[at + 2] = time;
    records[at + 3] = requestNumber;
    records[at + 4] = this.knownAs(method);
    records[at + 5] = statusCode;
    records[at + 6] = milliseconds;
    this.scheduled();
  }

  /** Hands the waiting lines on (to the writer, or writes them here once it is gone). */
  readonly handOn = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Closing: the writer has its last batch; what comes now waits for it to finish, then is written here.
    if (this.writer && this.closing) return;
    const batch = this.take();
    if (!batch) return;
    if (!this.writer) {
      writeAllSync(this.fd, this.text.text(batch));
      return;
    }
    const written = lastWritten(this.handover);
    while (this.pending.length > 0 && this.pending[0]!.seq <= written) this.pending.shift();
    this.pending.push(batch);
    this.writer.postMessage(batch satisfies WriterMessage);
  };

  /**
   * Writes every line handed on or waiting and resolves once they are written; lines logged afterwards are written
   * synchronously.
   */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.handOn();
    this.closing = new Promise<void>((resolve) => {
      const finish = () => {
        this.writer = undefined;
        this.pending = [];
        open.delete(this);
        this.handOn(); // what was logged while closing
        resolve();
      };
      const writer = this.writer;
      if (!writer) return finish();
      writer.once('message', finish);
      writer.once('exit', () => {
        if (this.writer) this.writerLost();
        finish();
      });
      writer.postMessage({ close: true } satisfies WriterMessage);
    });
    return this.closing;
  }

  /** For the exit handler: takes over from the writer and writes, synchronously, every line it has not. */
  writeOutNow(): void {
    try {
      if (this.writer) this.writerLost();
      const rest = this.take();
      if (rest) writeAllSync(this.fd, this.text.text(rest));
    } catch {
      // Exiting: a destination that cannot take the lines now has nowhere else to send them.
    }
  }

  /** The writer stopped or the process is ending: what it has not written is written here, and all that follows. */
  private writerLost(): void {
    if (!this.writer) return;
    this.writer = undefined;
    const written = takeOver(this.handover);
    for (const batch of this.pending) if (batch.seq > written) writeAllSync(this.fd, this.text.text(batch));
    this.pending = [];
  }

  private take(): LogBatch | undefined {
    if (this.count === 0) return undefined;
    const batch: LogBatch = {
      seq: ++this.seq,
      known: this.known,
      texts: this.texts,
      records: this.records.slice(0, this.count * RECORD_SLOTS),
      count: this.count,
    };
    this.text.learn(batch);
    this.count = 0;
    this.texts = [];
    this.known = [];
    return batch;
  }

  private slot(kind: number): number {
    const at = this.count * RECORD_SLOTS;
    if (at === this.records.length) {
      const grown = new Float64Array(this.records.length * 2);
      grown.set(this.records);
      this.records = grown;
    }
    this.records[at] = kind;
    this.count++;
    return at;
  }

  private knownAs(text: string): number {
    let index = this.knownIndex.get(text);
    if (index === undefined) {
      index = this.knownIndex.size;
      this.knownIndex.set(text, index);
      this.known.push([index, text]);
    }
    return index;
  }

  private scheduled(): void {
    if (this.closing && !this.writer) return this.handOn();
    // Unref'd: a batch waiting alone does not keep the process up; close() and the exit handler write it out.
    this.timer ??= setTimeout(this.handOn, BATCH_MS).unref();
  }
}
