// A client that sends its request slowly (one byte at a time) is cut off once the header or request time runs out;
// a normal upload within the time is answered. Short limits here keep the test fast; the production defaults are
// checked against the 30 s promise separately.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/server/config.js';
import { TIMEOUT_CHECK_INTERVAL_MS, worstCaseCutOffMs } from '../../src/server/http/timeouts.js';
import { buildTestApp, type TestContext } from '../helpers/test-app.js';
import { PRODUCTION_DIGEST_SECRET } from '../helpers/secrets.js';

const HEADERS_MS = 1000;
const REQUEST_MS = 2000;
/** What the test allows beyond the limit and Node's check interval (a loaded machine). */
const SLACK_MS = 1500;

interface Outcome {
  answer: string;
  closedAfterMs: number;
}

/** Opens a raw connection, writes `head`, then one byte of `drip` every `everyMs` until the server closes it. */
function dribble(port: number, head: string, drip: string, everyMs: number, giveUpMs = 15_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (Date.now() - started > giveUpMs) {
        clearInterval(timer);
        socket.destroy();
        reject(new Error(`still connected after ${giveUpMs} ms; answer so far: ${answer}`));
        return;
      }
      if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]!);
    }, everyMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {}); // a reset after the 408 is the server closing too
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await buildTestApp('pglite', { config: { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('cuts off a client dribbling its headers once the header time is up', async () => {
    const { answer, closedAfterMs } = await dribble(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
      'abcdefgh',
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + TIMEOUT_CHECK_INTERVAL_MS + SLACK_MS);
  });

  it('cuts off a client dribbling its body once the request time is up', async () => {
    const { answer, closedAfterMs } = await dribble(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"message":"',
      'x',
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + TIMEOUT_CHECK_INTERVAL_MS + SLACK_MS);
  });

  it('cuts off a connection that sends nothing', async () => {
    const { answer, closedAfterMs } = await dribble(port, '', '', 60_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + TIMEOUT_CHECK_INTERVAL_MS + SLACK_MS);
  });

  it('answers a normal upload sent in pieces within the time', async () => {
    // 90 kB (under the body limit) in 10 pieces over about a second: slow, but not a dribble.
    const body = JSON.stringify({ name: 'Ann', message: 'y'.repeat(90_000) });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      socket.on('data', (d) => (out += d.toString()));
      socket.on('error', reject);
      socket.on('end', () => resolve(out));
      socket.on('connect', async () => {
        socket.write(
          `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
        );
        const piece = Math.ceil(body.length / 10);
        for (let at = 0; at < body.length; at += piece) {
          await new Promise((r) => setTimeout(r, 100));
          socket.write(body.slice(at, at + piece));
        }
      });
    });
    // Answered by the app (the contact form refuses the overlong message), not cut off by the server.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/"message":/);
  });

  it('keeps the production defaults within 30 s, and the real server uses them', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://gifts.example',
      DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
      ADMIN_TOTP_KEY: 'an operator key for the second factor, 32+ chars',
    });
    expect(worstCaseCutOffMs(production)).toBeLessThanOrEqual(30_000);
    // Long enough for a 100 kB body on a slow mobile link (about 8 kB/s).
    expect(production.requestTimeoutMs).toBeGreaterThanOrEqual(15_000);
    const defaults = await buildTestApp('pglite');
    try {
      await defaults.app.ready();
      expect(defaults.app.server.headersTimeout).toBe(production.headersTimeoutMs);
      expect(defaults.app.server.requestTimeout).toBe(production.requestTimeoutMs);
    } finally {
      await defaults.close();
    }
  });
});
