// The log's batches as the main thread hands them to the log writer (log-writer-worker.ts), and the text they become.
// A request line travels as numbers (its time, id, method, URL, status and duration) and is written out as text by the
// writer's thread, off the request's path; any other line (pino's) travels as the text pino made of it. The exit
// handler (log-batch.ts) turns a batch into text the same way when the writer cannot.
import { jsonString } from './json-text.js';

/** What each record of a batch is: a line of text, or a request line whose URL is a known one or a text of its own. */
export const RECORD = { text: 0, requestKnownUrl: 1, requestOwnUrl: 2 } as const;

/** Numbers per record: kind, text or URL index, time (ms since the epoch), request number, method, status, duration. */
export const RECORD_SLOTS = 7;

export interface LogBatch {
  /** Its place in the sequence of batches, from 1. */
  seq: number;
  /** Strings first seen in this batch (methods, URLs shared by many requests), as [index, text]. */
  known: Array<[number, string]>;
  /** This batch's own texts: pino's lines and the URLs of requests no known URL fits. */
  texts: string[];
  records: Float64Array;
  count: number;
}

const HEX_DIGITS = 12;

/**
 * A request number as its id in the log: UUID-shaped, the process's random part (made once, in the main thread) and
 * the number in hex.
 */
export const requestIdText = (prefix: string, n: number): string => prefix + n.toString(16).padStart(HEX_DIGITS, '0');

const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * A duration in milliseconds to the microsecond, written from integers: printing the double itself (shortest
 * round-trip digits) cost more than the rest of the line.
 */
export function milliseconds(value: number): string {
  const micros = Math.round(value * 1000);
  if (!(micros >= 0 && micros < 2 ** 31)) return String(value);
  const rest = micros % 1000;
  return `${(micros - rest) / 1000}.${THREE_DIGITS[rest]}`;
}

/** Turns batches into text; it remembers the known strings of the batches it has seen. */
export class BatchText {
  private readonly known: string[] = [];
  /** The last time written and its text: the lines of one millisecond share it (a time is past V8's small integers). */
  private lastTime = NaN;
  private lastTimeText = '';

  /** `bindings` is pino's text of the logger's bindings (`,"pid":…,"hostname":"…"`). */
  constructor(
    private readonly bindings: string,
    private readonly idPrefix: string,
  ) {}

  /** Learns a batch's new known strings without writing it (a batch the other thread already wrote). */
  learn(batch: Pick<LogBatch, 'known'>): void {
    for (const [index, text] of batch.known) this.known[index] = text;
  }

  text(batch: LogBatch): string {
    this.learn(batch);
    const { records, texts } = batch;
    const known = this.known;
    let out = '';
    for (let i = 0; i < batch.count; i++) {
      const at = i * RECORD_SLOTS;
      const kind = records[at]!;
      const index = records[at + 1]!;
      if (kind === RECORD.text) {
        out += texts[index]!;
        continue;
      }
      const url = kind === RECORD.requestKnownUrl ? known[index]! : texts[index]!;
      const time = records[at + 2]!;
      if (time !== this.lastTime) {
        this.lastTime = time;
        this.lastTimeText = String(time);
      }
      out +=
        `{"level":30,"time":${this.lastTimeText}${this.bindings},` +
        `"reqId":"${requestIdText(this.idPrefix, records[at + 3]!)}",` +
        `"req":{"method":"${known[records[at + 4]!]!}","url":${jsonString(url)}},` +
        `"res":{"statusCode":${records[at + 5]!}},"responseTime":${milliseconds(records[at + 6]!)},` +
        `"msg":"request completed"}\n`;
    }
    return out;
  }
}
