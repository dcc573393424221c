// Sending a group gift (decision 026): by the organiser, or by the deadline job. One conditional update moves the
// group open → sent (or → closed when no share counts), holding the group's row lock, so a withdrawal or a late
// payment (which lock the group first: shares.ts) lands wholly before or wholly after it. The paid shares then get
// a fresh claim window, the first becomes the lead that carries the one claim, and the recipient gets one e-mail
// with the sum ("Your friends sent you $X").
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { gifts, groupGifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY, HOUR } from '../../clock.js';
import { conflict } from '../../errors.js';
import { CLAIM_WINDOW_DAYS, TOGETHER_REMINDER_HOURS_BEFORE } from '../../../shared/constants.js';
import { TOGETHER_MESSAGES, type OrganiserPage } from '../../../shared/schemas/together.js';
import { queueEmail } from '../../email/outbox.js';
import { organiserReminderEmail } from '../../email/templates/together-organiser.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { groupByOrganiserToken } from './find-group.js';
import { groupTotals, organiserView } from './pages.js';

export type SendOutcome = 'sent' | 'closed' | 'not_open';

/** Sends (or, with no share, closes) one open group; a group already sent or closed is left as it is. */
export async function sendGroup(deps: ServiceDeps, groupId: number): Promise<SendOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [won] = await tx
      .update(groupGifts)
      .set({ state: 'sent', sentAt: now })
      .where(and(eq(groupGifts.id, groupId), eq(groupGifts.state, 'open')))
      .returning();
    if (!won) return 'not_open';
    const shares = await tx
      .update(gifts)
      .set({ expiresAt: new Date(now.getTime() + CLAIM_WINDOW_DAYS * DAY) })
      .where(and(eq(gifts.groupGiftId, groupId), eq(gifts.state, 'paid')))
      .returning({ id: gifts.id, amountCents: gifts.amountCents });
    if (shares.length === 0) {
      await tx
        .update(groupGifts)
        .set({ state: 'closed', sentAt: null, closedAt: now })
        .where(eq(groupGifts.id, groupId));
      return 'closed';
    }
    const lead = Math.min(...shares.map((s) => s.id));
    const sum = shares.reduce((total, s) => total + s.amountCents, 0);
    await tx.update(groupGifts).set({ leadGiftId: lead, sentAmountCents: sum }).where(eq(groupGifts.id, groupId));
    await sendClaimLink(tx, deps, lead, { dedupeKey: `group:${groupId}:notify` });
    return 'sent';
  });
}

/** POST /api/together/organise/:token/send. */
export async function sendByOrganiser(deps: ServiceDeps, token: string): Promise<OrganiserPage> {
  const group = await groupByOrganiserToken(deps.db, token);
  const outcome = await sendGroup(deps, group.id);
  if (outcome === 'not_open') throw conflict(TOGETHER_MESSAGES.notOpen);
  return organiserView(deps, await groupByOrganiserToken(deps.db, token), token);
}

/** The deadline job: every open group past its deadline is sent, or closed when nobody contributed. */
export async function runGroupDeadlines(deps: ServiceDeps): Promise<{ sent: number; closed: number }> {
  const due = await deps.db
    .select({ id: groupGifts.id })
    .from(groupGifts)
    .where(and(eq(groupGifts.state, 'open'), lte(groupGifts.deadlineAt, deps.clock.now())))
    .orderBy(asc(groupGifts.deadlineAt))
    .limit(100);
  const run = { sent: 0, closed: 0 };
  for (const { id } of due) {
    const outcome = await sendGroup(deps, id);
    if (outcome === 'sent') run.sent++;
    if (outcome === 'closed') run.closed++;
  }
  return run;
}

/**
 * The organiser's reminder, once, TOGETHER_REMINDER_HOURS_BEFORE the deadline. The organiser link is stored only
 * hashed, so the reminder cannot carry it: it says where things stand and points to the link of the first e-mail.
 */
export async function sendOrganiserReminders(deps: ServiceDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .update(groupGifts)
      .set({ remindedAt: now })
      .where(
        and(
          eq(groupGifts.state, 'open'),
          isNull(groupGifts.remindedAt),
          gt(groupGifts.deadlineAt, now),
          lte(groupGifts.deadlineAt, new Date(now.getTime() + TOGETHER_REMINDER_HOURS_BEFORE * HOUR)),
        ),
      )
      .returning();
    for (const group of due) {
      if (!group.organiserEmail) continue;
      const totals = await groupTotals(tx, group.id);
      await queueEmail(tx, deps.clock, {
        kind: 'together-organiser-reminder',
        to: group.organiserEmail,
        dedupeKey: `group:${group.id}:reminder`,
        ...organiserReminderEmail({
          recipientFirstName: group.recipientFirstName ?? 'your recipient',
          deadlineAt: group.deadlineAt,
          contributions: totals.count,
          totalCents: totals.totalCents,
        }),
      });
    }
    return { sent: due.length };
  });
}
