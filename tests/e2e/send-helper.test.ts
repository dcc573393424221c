// createPaidGift (tests/e2e/helpers/gifts.ts), the helper every area's browser tests start from, against the built server.
import { startServer, waitForEmail, type RunningServer } from './helpers/server.js';
import { createPaidGift } from './helpers/gifts.js';

describe('createPaidGift on the built server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('creates, pays and answers the claim link from the recipient e-mail; the sender gets a receipt', async () => {
    const gift = await createPaidGift(server.url, {
      recipientEmail: 'helper@example.com',
      payerEmail: 'helper.payer@example.com',
    });
    expect(gift.recipientEmail).toBe('helper@example.com');
    expect(gift.claimUrl).toBe(`${server.url}/claim/${gift.claimToken}`);
    expect(gift.checkoutUrl).toMatch(new RegExp(`^${server.url}/sandbox/checkout/cs_sandbox_`));
    const receipt = await waitForEmail(server.url, 'helper.payer@example.com', (e) =>
      e.subject.startsWith('Your Hushgift receipt'),
    );
    expect(receipt.subject).toBe('Your Hushgift receipt: $53.80');
  });
});
