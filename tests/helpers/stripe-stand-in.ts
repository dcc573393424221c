// A local HTTP stand-in of the Stripe API for contract tests of the Stripe adapter. The official SDK is pointed
// at it (host/port/protocol); it records every request exactly as the SDK sent it and answers with Stripe's own
// example objects (tests/fixtures/stripe, see its README for source and licence), overriding only the fields a test
// is about. A handler that throws (a missing fixture, a failed expectation) is answered with a 500 carrying the
// error, so the test fails at once instead of the SDK waiting for an answer that never comes.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { StripeProvider } from '../../src/server/payments/stripe/provider.js';

const FIXTURES_FILE = path.resolve(import.meta.dirname, '../fixtures/stripe/fixtures3-subset.json');

type Json = Record<string, unknown>;

let fixtureCache: Record<string, Json> | undefined;
/** A deep copy of one of Stripe's example objects: 'checkout.session', 'account', 'transfer', … */
export function stripeFixture(resource: string, overrides: Json = {}): Json {
  fixtureCache ??= (JSON.parse(readFileSync(FIXTURES_FILE, 'utf8')) as { resources: Record<string, Json> }).resources;
  const base = fixtureCache[resource];
  if (!base) throw new Error(`no Stripe fixture for ${resource} in tests/fixtures/stripe (see its README to add one)`);
  return { ...structuredClone(base), ...overrides };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form body decoded into nested objects, as Stripe reads it (a[b][0]=x → {a:{b:['x']}}). */
  body: Json;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
}

export type StandInHandler = (req: RecordedRequest) => { status?: number; body: Json } | Json;

/** Decodes Stripe's bracketed form encoding. */
export function decodeStripeForm(raw: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const k = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Json;
      }
    });
  }
  return out;
}

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, StandInHandler>();
  private server?: http.Server;
  port = 0;

  /** Answers `METHOD /v1/path` (path may contain :id segments). */
  on(method: string, pathPattern: string, handler: StandInHandler): this {
    this.handlers.set(`${method.toUpperCase()} ${pathPattern}`, handler);
    return this;
  }

  /** Requests to a method and exact path. */
  find(method: string, p: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === p);
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          body: decodeStripeForm(rawBody),
          rawBody,
          headers: req.headers,
        };
        this.requests.push(recorded);
        const { status, body } = this.answer(recorded);
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_standin_${this.requests.length}`,
          // A 500 from the stand-in is a broken test, not a passing fault: the SDK must not retry it.
          ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
        });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A Stripe adapter whose SDK talks to this stand-in. */
  provider(webhookSecret = 'whsec_test_standin'): StripeProvider {
    return new StripeProvider({
      secretKey: 'sk_test_standin',
      webhookSecret,
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
    });
  }

  private answer(recorded: RecordedRequest): { status: number; body: Json } {
    const handler = this.match(recorded.method, recorded.path);
    if (!handler) {
      const message = `stand-in has no answer for ${recorded.method} ${recorded.path}`;
      return { status: 404, body: { error: { type: 'invalid_request_error', message } } };
    }
    try {
      const answer = handler(recorded);
      if ('body' in answer && typeof answer.body === 'object' && answer.body !== null && 'status' in answer) {
        return { status: (answer.status as number) ?? 200, body: answer.body as Json };
      }
      return { status: 200, body: answer as Json };
    } catch (error) {
      const message = `stand-in handler for ${recorded.method} ${recorded.path} failed: ${String(error)}`;
      return { status: 500, body: { error: { type: 'api_error', message } } };
    }
  }

  private match(method: string, p: string): StandInHandler | undefined {
    for (const [key, handler] of this.handlers) {
      const [m, pattern] = key.split(' ') as [string, string];
      if (m !== method) continue;
      const re = new RegExp(`^${pattern.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`);
      if (re.test(p)) return handler;
    }
    return undefined;
  }
}
