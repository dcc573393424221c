// The sandbox is an outside party (decision 003): it reaches the app only through the provider interface and its
// webhooks, signed with its own secret (Sandbox-Signature) and taken by the same ingest as Stripe's, verified by
// the provider's verifyWebhook. Anything not signed by it is refused and changes nothing; a genuine event is
// handled once; and the sandbox's own pages go through exactly that path.
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../src/server/db/schema.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from '../../src/server/payments/sandbox/webhooks.js';
import type { WebhookHeaders } from '../../src/server/payments/provider.js';
import { MINUTE } from '../../src/server/clock.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { stripeSignature } from '../helpers/gift-payload.js';
import { paySandboxGift } from '../helpers/money.js';

describeEachEngine('the sandbox provider’s signed webhooks', (ctx) => {
  const sandbox = () => ctx().deps.payments as SandboxProvider;
  const post = (payload: string, headers: Record<string, string>) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const eventBody = (id: string) => JSON.stringify({ id, kind: 'other', providerType: 'sandbox.test' });

  it('refuses an event without, with a forged, a foreign, a Stripe or a stale signature, and records nothing', async () => {
    const body = eventBody('evt_sandbox_refused');
    const raw = Buffer.from(body);
    const now = ctx().clock.now();
    const refused: Array<Record<string, string>> = [
      {},
      { [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(now.getTime() / 1000)},v1=${'0'.repeat(64)}` },
      { [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent('another sandbox’s secret', raw, now) },
      { 'stripe-signature': stripeSignature(body) },
      {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(
          sandbox().options.webhookSecret,
          raw,
          new Date(now.getTime() - 6 * MINUTE),
        ),
      },
      // Signed, then altered: the signature covers the exact bytes.
      { [SANDBOX_SIGNATURE_HEADER]: sandbox().signWebhook(Buffer.from(eventBody('evt_sandbox_other'))) },
    ];
    for (const headers of refused) {
      const res = await post(body, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json()).toEqual({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'Invalid or missing Sandbox-Signature header: the event was not accepted.',
      });
    }
    expect(await ctx().db.$count(webhookEvents, eq(webhookEvents.id, 'evt_sandbox_refused'))).toBe(0);
  });

  it('takes a genuine sandbox event posted to the webhook route, once', async () => {
    const body = eventBody('evt_sandbox_genuine');
    const headers = { [SANDBOX_SIGNATURE_HEADER]: sandbox().signWebhook(Buffer.from(body)) };
    expect((await post(body, headers)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(body, headers)).json()).toEqual({ received: true, duplicate: true });
    const [row] = await ctx().db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_sandbox_genuine'));
    expect(row).toMatchObject({ type: 'other:sandbox.test' });
    expect(row!.processedAt).not.toBeNull();
  });

  it('pays a gift on its hosted checkout through that same verification, not by calling the app', async () => {
    const seen: WebhookHeaders[] = [];
    const verify = sandbox().verifyWebhook;
    sandbox().verifyWebhook = (rawBody, headers) => {
      seen.push(headers);
      return verify(rawBody, headers);
    };
    try {
      const { gift } = await paySandboxGift(ctx());
      expect(gift.status).toBe('paid');
    } finally {
      sandbox().verifyWebhook = verify;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]![SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
