// The sandbox console in Chromium on the built server (issue 13 point 5): an operator refunds one gift's payment and
// opens a dispute on another (then loses it) with the page's own forms, and the admin API, with an admin
// session, sees the first refunded and the second frozen, on the attention list, then closed as disputed.
import type { Page } from 'playwright-core';
import { describeE2E, newPage, useBrowser, useServer } from './helpers/suite.js';
import { createPaidGift } from './helpers/gifts.js';
import { giftPayload } from '../helpers/gift-payload.js';

const ADMIN = { firstName: 'Olive', lastName: 'Owner', email: 'owner@example.com', password: 'correct horse battery' };

describeE2E('sandbox console in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  let session: string | undefined;
  /** Sets up the admin (once) and answers the session cookie of a login through the API. */
  async function adminSession(): Promise<string> {
    session ??= await setUpAdmin();
    return session;
  }
  async function setUpAdmin(): Promise<string> {
    const base = server().url;
    const json = { 'content-type': 'application/json', origin: base };
    const setup = await fetch(`${base}/api/admin/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(ADMIN),
    });
    expect(setup.status).toBe(201);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    return login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const adminGet = async <T>(cookie: string, path: string): Promise<T> => {
    const res = await fetch(server().url + path, { headers: { cookie } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const giftOf = async (cookie: string, email: string) => {
    const [gift] = await adminGet<Array<{ id: number; status: string; needsAttention: string | null }>>(
      cookie,
      `/api/admin/gifts/search?q=${encodeURIComponent(email)}`,
    );
    return gift!;
  };

  /** The Payments table's row of the gift with this amount (the console shows each payment's gift amount). */
  const paymentRow = (page: Page, amount: string) =>
    page
      .getByRole('table', { name: 'Payments' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: amount, exact: true }) });

  it('fires a refund on one gift and a dispute on another, and the admin sees both', async () => {
    const refunded = await createPaidGift(server().url, { amountCents: 6123, recipientFirstName: 'Rhea' });
    const disputed = await createPaidGift(server().url, { amountCents: 4789, recipientFirstName: 'Dax' });
    const cookie = await adminSession();
    expect((await giftOf(cookie, refunded.recipientEmail)).status).toBe('paid');

    const page = await newPage(browser());
    await page.goto(server().url + '/sandbox/console');
    await page.getByRole('heading', { name: 'Sandbox console' }).waitFor();

    await paymentRow(page, '$61.23').getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('status').filter({ hasText: 'Refunded. Hushgift was told' }).waitFor();
    expect(await paymentRow(page, '$61.23').getByRole('button', { name: 'Refund' }).count()).toBe(0);

    await paymentRow(page, '$47.89').getByRole('button', { name: 'Open dispute' }).click();
    await page.getByRole('status').filter({ hasText: 'Dispute opened' }).waitFor();

    expect((await giftOf(cookie, refunded.recipientEmail)).status).toBe('refunded');
    const frozen = await giftOf(cookie, disputed.recipientEmail);
    expect(frozen.status).toBe('paid');
    expect(frozen.needsAttention).toMatch(/^Dispute \S+ opened: .*The gift is frozen/);
    const attention = await adminGet<{ items: Array<{ giftId: number; reason: string }> }>(
      cookie,
      '/api/admin/attention',
    );
    expect(attention.items.find((i) => i.giftId === frozen.id)?.reason).toMatch(/^Dispute/);

    // Lost: closed as disputed.
    await paymentRow(page, '$47.89').getByRole('button', { name: 'Close dispute (lost)' }).click();
    await page.getByRole('status').filter({ hasText: 'Dispute closed' }).waitFor();
    expect((await giftOf(cookie, disputed.recipientEmail)).status).toBe('disputed');
    const money = await adminGet<{ refunded: string; disputed: string }>(cookie, '/api/admin/money');
    expect(Number(money.refunded)).toBeGreaterThanOrEqual(61.23);
  });

  it('rates an open checkout elevated from its form, and asks 3-D Secure of a large gift, which can fail', async () => {
    const base = server().url;
    const start = async (amountCents: number) => {
      const res = await fetch(`${base}/api/gifts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(
          giftPayload({ amountCents, tipCents: 0, recipientEmail: `rated.${amountCents}@example.com` }),
        ),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { checkoutUrl: string }).checkoutUrl;
    };
    const rated = await start(3456);
    const page = await newPage(browser());
    await page.goto(base + '/sandbox/console');
    const row = page
      .getByRole('table', { name: 'Open checkouts' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '$34.56', exact: true }) });
    await row.getByLabel('Risk level').selectOption('elevated');
    await row.getByRole('button', { name: 'Rate its payment' }).click();
    await page.getByRole('status').filter({ hasText: 'Rated' }).waitFor();

    const pay = async (checkoutUrl: string) => {
      await page.goto(checkoutUrl);
      await page.getByLabel('Email').fill('rated.payer@example.com');
      await page.getByLabel('Name on card').fill('Rae Rated');
      await page.getByRole('button', { name: /^Pay / }).click();
    };
    await pay(rated);
    await page.waitForURL('**/success');
    const cookie = await adminSession();
    const queue = await adminGet<{ items: Array<{ reasons: Array<{ code: string }> }> }>(
      cookie,
      '/api/admin/risk/reviews',
    );
    expect(queue.items.map((i) => i.reasons.map((r) => r.code))).toContainEqual(['provider_elevated']);

    await pay(await start(100_000));
    await page.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method' }).waitFor();
  });
});
