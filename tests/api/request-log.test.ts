// One log line per request, written when its answer is finished (src/server/http/logging.ts): the request id,
// the method, the URL with its token redacted, the status and the time taken; no "incoming request" line.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppLogger } from '../../src/server/http/logging.js';
import { buildTestApp } from '../helpers/test-app.js';
import { scrapeText, seriesValue } from '../helpers/metrics.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

it('logs one line per request, after its answer, with the token redacted', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hg-request-log-')), 'app.log');
  const log = createAppLogger('info', file);
  const ctx = await buildTestApp('pglite', { logger: log });
  const token = randomBytes(32).toString('base64url');
  try {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/gifts', payload: {} })).statusCode).toBe(400);
    // With a logger the request metrics are taken where the line is written (no hook of their own): still counted.
    const metrics = await scrapeText(ctx);
    const series = (route: string, status: string) =>
      seriesValue(metrics, 'hushgift_http_requests_total', { route, status_code: status });
    expect(series('/api/gifts/claim/:token', '404')).toBe(1);
    expect(series('/api/gifts', '400')).toBe(1);
    expect(
      seriesValue(metrics, 'hushgift_http_request_duration_seconds_count', { route: '/api/gifts/claim/:token' }),
    ).toBe(1);
  } finally {
    await ctx.close();
    await log.close();
  }
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(token);
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  const requests = lines.filter((l) => l.msg === 'request completed');
  expect(requests.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
    ['GET', '/api/health', 200],
    ['GET', '/api/gifts/claim/[redacted]', 404],
    ['POST', '/api/gifts', 400],
  ]);
  expect(new Set(requests.map((l) => l.reqId)).size).toBe(3);
  for (const line of requests) {
    expect(line.level).toBe(30);
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
  }
});

it("writes a handler's own lines with its request's id, and nothing below the level", async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hg-request-log-')), 'app.log');
  const log = createAppLogger('info', file);
  const ctx = await buildTestApp('pglite', { logger: log });
  // request.log is made on first use (src/server/http/request-logger.ts): it must still be the request's child.
  ctx.app.get('/test/logs', async (request) => {
    request.log.debug('below the level');
    request.log.warn({ step: 1 }, 'from the handler');
    request.log.child({ part: 'inner' }).info('from a child');
    return { level: request.log.level };
  });
  try {
    const answer = await ctx.app.inject({ method: 'GET', url: '/test/logs' });
    expect(answer.json()).toEqual({ level: 'info' });
  } finally {
    await ctx.close();
    await log.close();
  }
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line & { step?: number; part?: string });
  const completed = lines.find((l) => l.msg === 'request completed' && l.req?.url === '/test/logs');
  expect(completed?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.filter((l) => l.msg === 'below the level')).toEqual([]);
  expect(lines.find((l) => l.msg === 'from the handler')).toMatchObject({
    level: 40,
    step: 1,
    reqId: completed?.reqId,
  });
  expect(lines.find((l) => l.msg === 'from a child')).toMatchObject({ part: 'inner', reqId: completed?.reqId });
});
