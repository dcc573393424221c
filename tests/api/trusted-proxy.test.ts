// Client addresses for rate limits come from the configured trusted proxies only: a forged X-Forwarded-For
// never opens a fresh bucket.
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const message = (n: number) => ({
  name: 'Ann',
  email: 'ann@example.com',
  category: 'general',
  subject: `Question ${n}`,
  message: 'Hello there',
});

const post = (ctx: TestContext, n: number, xff?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: message(n),
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

describeEachEngine('no trusted proxy (the default)', (ctx) => {
  it('ignores X-Forwarded-For: changing it each time does not escape the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await post(ctx(), i, `203.0.113.${i}`)).statusCode).toBe(201);
    const sixth = await post(ctx(), 6, '198.51.100.77');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/try again/);
  });
});

describeEachEngine(
  'behind a trusted proxy',
  (ctx) => {
    it('uses the address the proxy saw, and a client-forged prefix does not open a fresh bucket', async () => {
      // The proxy (127.0.0.1, the injected socket) appends the real client address to whatever the client sent.
      for (let i = 0; i < 5; i++) {
        expect((await post(ctx(), i, `10.9.9.${i}, 192.0.2.10`)).statusCode).toBe(201);
      }
      expect((await post(ctx(), 6, '10.1.1.1, 192.0.2.10')).statusCode).toBe(429);
      // Another real client behind the same proxy has its own bucket.
      expect((await post(ctx(), 7, '192.0.2.20')).statusCode).toBe(201);
    });
  },
  { config: { trustProxy: ['127.0.0.1'] } },
);
