// Requests answered, by method, route template and status, and their latency: counted on the request's path with two
// map lookups and a few additions. prom-client's own Counter and Histogram check and hash their labels on every call,
// about 5 % of a claim lookup's CPU (docs/benchmarks.md, decision 022). The registry reads these two series through
// the same get() its own metrics answer, so the exposition (names, labels, buckets) is prom-client's, unchanged.
import type { Metric, Registry } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string };
  byStatus: Map<number, number>;
  /** Per bucket (the last is +Inf), not cumulative: summed at scrape time. */
  buckets: number[];
  sum: number;
  count: number;
}

export function registerRequestMetrics(registry: Registry, prefix: string) {
  // Found by route, then method: both are strings Fastify and Node's parser hand over as the same objects each time,
  // so the lookups hash nothing new (a key joined from both was a fresh string to hash on every request).
  const byRoute = new Map<string, Map<string, Series>>();
  const allSeries = () => [...byRoute.values()].flatMap((byMethod) => [...byMethod.values()]);
  const requestsName = `${prefix}http_requests_total`;
  const latencyName = `${prefix}http_request_duration_seconds`;

  const requests = {
    name: requestsName,
    help: 'HTTP requests answered, by method, route template and status code',
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      ...requests,
      values: allSeries().flatMap((s) =>
        [...s.byStatus].map(([status, value]) => ({ labels: { ...s.labels, status_code: String(status) }, value })),
      ),
    }),
  };
  const latency = {
    name: latencyName,
    help: 'Time to answer an HTTP request, by method and route template',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      ...latency,
      values: allSeries().flatMap((s) => {
        let cumulative = 0;
        const buckets = s.buckets.map((n, i) => {
          cumulative += n;
          return {
            labels: { ...s.labels, le: BUCKETS[i] ?? '+Inf' },
            value: cumulative,
            metricName: `${latencyName}_bucket`,
          };
        });
        return [
          ...buckets,
          { labels: s.labels, value: s.sum, metricName: `${latencyName}_sum` },
          { labels: s.labels, value: s.count, metricName: `${latencyName}_count` },
        ];
      }),
    }),
  };
  // The registry takes any object that answers get(); these two are not prom-client classes.
  registry.registerMetric(requests as unknown as Metric);
  registry.registerMetric(latency as unknown as Metric);

  return function observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let s = byMethod.get(method);
    if (!s) {
      s = { labels: { method, route }, byStatus: new Map(), buckets: BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
      byMethod.set(method, s);
    }
    s.byStatus.set(statusCode, (s.byStatus.get(statusCode) ?? 0) + 1);
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    s.buckets[i]!++;
    s.sum += seconds;
    s.count++;
  };
}
