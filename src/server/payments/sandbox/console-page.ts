// The sandbox console's page: the sandbox's open checkouts, payments, transfers and accounts (newest first, each
// with the amount of the gift it belongs to) and a plain form per action, so it works without scripts. Rendered on the server
// like the other sandbox pages.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { gifts, sandboxAccounts, sandboxCheckouts, sandboxTransfers } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { formatUsd } from '../../../shared/money.js';
import { escapeHtml } from './page.js';
import type { SandboxCheckoutDetails } from './checkout.js';
import { MAX_OUTAGE_MINUTES, giftsFailingNext, outageUntil } from './faults.js';

const ROWS = 50;

async function payments(deps: ServiceDeps) {
  const c = sandboxCheckouts;
  return deps.db
    .select({
      paymentIntentId: sql<string>`${c.paymentIntentId}`,
      giftPublicId: c.giftPublicId,
      charged: c.totalCents,
      giftAmount: gifts.amountCents,
      giftStatus: gifts.status,
      // Correlated subqueries name their tables: drizzle leaves the columns of a one-table select unqualified.
      refunded:
        sql<number>`(select coalesce(sum(r.amount_cents), 0) from sandbox_refunds r where r.payment_intent_id = sandbox_checkouts.payment_intent_id)::int`.mapWith(
          Number,
        ),
      disputeId: sql<
        string | null
      >`(select d.id from sandbox_disputes d where d.payment_intent_id = sandbox_checkouts.payment_intent_id order by d.created_at desc limit 1)`,
      disputeStatus: sql<
        string | null
      >`(select d.status from sandbox_disputes d where d.payment_intent_id = sandbox_checkouts.payment_intent_id order by d.created_at desc limit 1)`,
    })
    .from(c)
    .leftJoin(gifts, eq(gifts.publicId, c.giftPublicId))
    .where(eq(c.status, 'complete'))
    .orderBy(desc(c.createdAt))
    .limit(ROWS);
}

async function openCheckouts(deps: ServiceDeps) {
  const c = sandboxCheckouts;
  return deps.db
    .select({
      id: c.id,
      giftPublicId: c.giftPublicId,
      totalCents: c.totalCents,
      lines: c.lines,
      giftAmount: gifts.amountCents,
    })
    .from(c)
    .leftJoin(gifts, eq(gifts.publicId, c.giftPublicId))
    .where(and(eq(c.status, 'open'), gt(c.expiresAt, deps.clock.now())))
    .orderBy(desc(c.createdAt))
    .limit(ROWS);
}

async function transfers(deps: ServiceDeps) {
  const t = sandboxTransfers;
  return deps.db
    .select({
      id: t.id,
      giftPublicId: t.transferGroup,
      accountId: t.accountId,
      amountCents: t.amountCents,
      reversedAt: t.reversedAt,
      giftAmount: gifts.amountCents,
    })
    .from(t)
    .leftJoin(gifts, eq(gifts.publicId, t.transferGroup))
    .orderBy(desc(t.createdAt))
    .limit(ROWS);
}

async function accounts(deps: ServiceDeps) {
  const a = sandboxAccounts;
  return deps.db
    .select({
      id: a.id,
      email: a.email,
      status: a.status,
      giftAmounts: sql<
        number[] | null
      >`(select array_agg(g.amount_cents order by g.id) from gift_payouts p join gifts g on g.id = p.gift_id where p.recipient_account_id = sandbox_accounts.id)`,
    })
    .from(a)
    .orderBy(desc(a.createdAt))
    .limit(ROWS);
}

/** One action: a form posting the row's id back to the console. */
function action(path: string, label: string, fields: Record<string, string>, describedBy: string): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="/sandbox/console/${path}">${hidden}<button type="submit" aria-describedby="${describedBy}">${escapeHtml(label)}</button></form>`;
}

const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));
const rowId = (prefix: string, id: string) => `${prefix}-${id.replace(/[^\w-]/g, '')}`;

function paymentsTable(rows: Awaited<ReturnType<typeof payments>>, failingNext: Set<string>): string {
  if (rows.length === 0) return '<p class="muted">No payments yet: pay for a gift to see it here.</p>';
  const body = rows
    .map((p) => {
      const cell = rowId('payment', p.paymentIntentId);
      const openDispute = p.disputeStatus === 'open' ? p.disputeId : null;
      const left = p.charged - p.refunded;
      const actions = [
        !openDispute && left > 0 ? action('refund', 'Refund', { payment: p.paymentIntentId }, cell) : '',
        !openDispute && left > 0 ? action('open-dispute', 'Open dispute', { payment: p.paymentIntentId }, cell) : '',
        openDispute
          ? action('close-dispute', 'Close dispute (won)', { dispute: openDispute, outcome: 'won' }, cell)
          : '',
        openDispute
          ? action('close-dispute', 'Close dispute (lost)', { dispute: openDispute, outcome: 'lost' }, cell)
          : '',
        action('fraud-warning', 'Early fraud warning', { payment: p.paymentIntentId }, cell),
        failingNext.has(p.giftPublicId)
          ? '<span class="muted">Its next movement fails</span>'
          : action('fail-next', 'Fail next movement', { gift: p.giftPublicId }, cell),
      ].join('');
      return `<tr data-gift="${escapeHtml(p.giftPublicId)}"><th scope="row" id="${cell}">${escapeHtml(p.giftPublicId)}</th><td>${money(p.giftAmount)}</td><td>${money(p.charged)}</td><td>${money(p.refunded)}</td><td>${escapeHtml(p.disputeStatus ?? '—')}</td><td>${escapeHtml(p.giftStatus ?? '—')}</td><td class="actions">${actions}</td></tr>`;
    })
    .join('');
  return `<div class="scroll" role="region" aria-labelledby="payments-heading" tabindex="0"><table><caption>Payments</caption><thead><tr><th scope="col">Gift</th><th scope="col">Gift amount</th><th scope="col">Charged</th><th scope="col">Refunded</th><th scope="col">Dispute</th><th scope="col">Gift status</th><th scope="col">Actions</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

/** Each open checkout with a form to rate its coming payment (decision 024). */
function checkoutsTable(rows: Awaited<ReturnType<typeof openCheckouts>>): string {
  if (rows.length === 0) return '<p class="muted">No open checkouts: start a gift to see it here.</p>';
  const body = rows
    .map((c) => {
      const cell = rowId('checkout', c.id);
      const details = c.lines as SandboxCheckoutDetails;
      const select = rowId('level', c.id);
      const rate = `<form method="post" action="/sandbox/console/rate-checkout" class="inline"><input type="hidden" name="checkout" value="${escapeHtml(c.id)}"><label for="${select}">Risk level</label><select id="${select}" name="level"><option value="elevated">elevated</option><option value="highest">highest</option></select><button type="submit" aria-describedby="${cell}">Rate its payment</button></form>`;
      return `<tr data-gift="${escapeHtml(c.giftPublicId)}"><th scope="row" id="${cell}">${escapeHtml(c.giftPublicId)}</th><td>${money(c.giftAmount)}</td><td>${money(c.totalCents)}</td><td>${details.cardAuthentication ? 'Yes' : 'No'}</td><td>${escapeHtml(details.riskLevel ?? 'by the card')}</td><td class="actions">${rate}</td></tr>`;
    })
    .join('');
  return `<div class="scroll" role="region" aria-labelledby="checkouts-heading" tabindex="0"><table><caption>Open checkouts</caption><thead><tr><th scope="col">Gift</th><th scope="col">Gift amount</th><th scope="col">Total</th><th scope="col">3-D Secure</th><th scope="col">Risk level</th><th scope="col">Actions</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

function transfersTable(rows: Awaited<ReturnType<typeof transfers>>): string {
  if (rows.length === 0) return '<p class="muted">No transfers yet.</p>';
  const body = rows
    .map((t) => {
      const cell = rowId('transfer', t.id);
      const reverse = t.reversedAt ? '' : action('reverse-transfer', 'Reverse transfer', { transfer: t.id }, cell);
      return `<tr data-gift="${escapeHtml(t.giftPublicId ?? '')}"><th scope="row" id="${cell}">${escapeHtml(t.id)}</th><td>${escapeHtml(t.giftPublicId ?? '—')}</td><td>${money(t.giftAmount)}</td><td>${money(t.amountCents)}</td><td>${escapeHtml(t.accountId)}</td><td>${t.reversedAt ? 'Reversed' : 'Paid'}</td><td class="actions">${reverse}</td></tr>`;
    })
    .join('');
  return `<div class="scroll" role="region" aria-labelledby="transfers-heading" tabindex="0"><table><caption>Transfers</caption><thead><tr><th scope="col">Transfer</th><th scope="col">Gift</th><th scope="col">Gift amount</th><th scope="col">Amount</th><th scope="col">Account</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

function accountsTable(rows: Awaited<ReturnType<typeof accounts>>): string {
  if (rows.length === 0) return '<p class="muted">No payout accounts yet.</p>';
  const body = rows
    .map((a) => {
      const cell = rowId('account', a.id);
      const amounts = (a.giftAmounts ?? []).map((c) => money(c)).join(', ') || '—';
      return `<tr><th scope="row" id="${cell}">${escapeHtml(a.id)}</th><td>${escapeHtml(a.email)}</td><td>${escapeHtml(a.status)}</td><td>${amounts}</td><td class="actions">${action('disconnect-account', 'Disconnect account', { account: a.id }, cell)}</td></tr>`;
    })
    .join('');
  return `<div class="scroll" role="region" aria-labelledby="accounts-heading" tabindex="0"><table><caption>Payout accounts</caption><thead><tr><th scope="col">Account</th><th scope="col">E-mail</th><th scope="col">Status</th><th scope="col">Gift amounts</th><th scope="col">Actions</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The console's body; `notice` says what the last action did (or why it could not). */
export async function consoleHtml(deps: ServiceDeps, notice?: { text: string; problem: boolean }): Promise<string> {
  const [c, p, t, a, until, failingNext] = await Promise.all([
    openCheckouts(deps),
    payments(deps),
    transfers(deps),
    accounts(deps),
    outageUntil(deps),
    giftsFailingNext(deps),
  ]);
  const message = notice
    ? `<p class="${notice.problem ? 'error' : 'notice'}" role="${notice.problem ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>`
    : '';
  const outage = until
    ? `Money calls fail with a retryable error until ${escapeHtml(until.toISOString().slice(0, 16).replace('T', ' '))} UTC.`
    : 'The provider answers normally.';
  return `<h1>Sandbox console</h1>
<p class="muted">Plays the payment provider's side: each action changes the sandbox's records and sends Hushgift the event the real provider would.</p>
${message}
<section><h2 id="outage-heading">Provider outage</h2>
<p>${outage}</p>
<form method="post" action="/sandbox/console/fail-for" class="inline">
<label for="minutes">N (minutes)</label><input id="minutes" name="minutes" type="number" min="0" max="${MAX_OUTAGE_MINUTES}" value="60" required>
<button type="submit">Fail for N minutes</button></form>
<p class="muted">0 minutes ends an outage.</p></section>
<section><h2 id="checkouts-heading">Open checkouts</h2>
<p class="muted">A rated checkout's payment carries that risk level whatever card pays it: elevated is held for review, highest refunded at once.</p>${checkoutsTable(c)}</section>
<section><h2 id="payments-heading">Payments</h2>${paymentsTable(p, failingNext)}</section>
<section><h2 id="transfers-heading">Transfers</h2>${transfersTable(t)}</section>
<section><h2 id="accounts-heading">Payout accounts</h2>${accountsTable(a)}</section>`;
}
