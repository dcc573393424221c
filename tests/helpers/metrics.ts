// Reads /metrics from the metrics listener the way Prometheus does, and finds one series' value.
import type { FastifyInstance } from 'fastify';
import { buildMetricsServer } from '../../src/server/observability/metrics-server.js';
import type { TestContext } from './test-app.js';

const servers = new WeakMap<FastifyInstance, FastifyInstance>();

/** The exposition text of the app's metrics listener (built once per app, answered through inject). */
export async function scrapeText(ctx: TestContext): Promise<string> {
  let server = servers.get(ctx.app);
  if (!server) {
    server = await buildMetricsServer(ctx.app.observability.metrics, ctx.deps.config.observability);
    servers.set(ctx.app, server);
  }
  const res = await server.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}: ${res.body}`);
  return res.body;
}

/** The value of the series `name` whose labels include `labels`; undefined when no such series exists. */
export function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

export async function scrape(ctx: TestContext, name: string, labels: Record<string, string> = {}) {
  return seriesValue(await scrapeText(ctx), name, labels);
}
