// Admin search: a gift matches when the text is part of the recipient's or sender's full name ("first last") or
// e-mail address (case-insensitive), or is exactly its claim token or its group gift's id (decision 026); optionally one status; newest first, 50 a page.
//
// Why not one trigram index over all the text: names repeat across many gifts and every e-mail shares a few
// domains, so their trigrams each sit in a large share of the rows and intersecting them costs tens of
// milliseconds at a million gifts (docs/benchmarks.md). Instead each kind of field has the index that suits it:
// - names: the small gift_names dictionary is searched by trigram, then each matching name's gifts come newest
//   first from a btree on (name, created_at) — a few index entries per name, never all of a common name's gifts.
//   A sender's name is on gift_senders (decision 019), whose btree on the name gives all of that name's gifts,
//   sorted by date after the join;
// - e-mails: a trigram index over each party's address (the recipient's on gifts, the sender's on gift_senders),
//   asked only for the part before "@" (domains are shared by many gifts and would only slow the index down); the
//   exact text is then checked on those candidates;
// - token: its SHA-256 in the unique index.
// Each branch stops at the rows the page needs; their union is ordered once.
import { desc, sql, type SQL } from 'drizzle-orm';
import {
  emailSearchText,
  giftNames,
  giftSenders,
  gifts,
  groupGifts,
  recipientNameKey,
  senderNameKey,
} from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sha256 } from '../../crypto.js';
import { ADMIN_PAGE_SIZE, type AdminGift, type AdminSearch } from '../../../shared/schemas/admin.js';
import { selectAdminGifts, toAdminGift } from './gift-view.js';

/** Up to this many matching names, each name's newest gifts are read on their own (an ordered index range each). */
const NAMES_READ_ONE_BY_ONE = 5;
/** Beyond this many matching names the text is broad, and a scan newest first finds the page soonest. */
const NAMES_AS_LIST = 1000;
/** Trigrams need three letters or digits; shorter text cannot use the index. */
const MIN_INDEXED_CHARS = 3;

/** LIKE treats % _ and \ specially; a search for "50%" means the characters. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const newestFirst = sql`order by ${gifts.createdAt} desc, ${gifts.id} desc`;
/** Where each party's name and e-mail are: the recipient's on the gift, the sender's on its gift_senders row. */
const parties = [
  { from: sql`${gifts}`, name: recipientNameKey(gifts), email: emailSearchText(gifts.recipientEmail) },
  {
    from: sql`${giftSenders} join ${gifts} on ${gifts.id} = ${giftSenders.giftId}`,
    name: senderNameKey(giftSenders),
    email: emailSearchText(giftSenders.senderEmail),
  },
];

function nameBranches(names: string[], needle: string, statusIs: SQL, rows: number): SQL[] {
  if (names.length === 0) return [];
  if (names.length <= NAMES_READ_ONE_BY_ONE) {
    const list = sql`(values ${sql.join(
      names.map((n) => sql`(${n}::text)`),
      sql`, `,
    )}) as matched(name)`;
    return parties.map(
      (p) => sql`(select hit.id from ${list} cross join lateral (
          select ${gifts.id} as id from ${p.from} where ${p.name} = matched.name ${statusIs} ${newestFirst} limit ${rows}) hit)`,
    );
  }
  if (names.length <= NAMES_AS_LIST) {
    const list = sql`array[${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}]::text[]`;
    return parties.map(
      (p) =>
        sql`(select ${gifts.id} from ${p.from} where ${p.name} = any(${list}) ${statusIs} ${newestFirst} limit ${rows})`,
    );
  }
  const pattern = likeContains(needle);
  return parties.map(
    (p) =>
      sql`(select ${gifts.id} from ${p.from} where ${p.name} like ${pattern} ${statusIs} ${newestFirst} limit ${rows})`,
  );
}

function emailBranches(needle: string, statusIs: SQL, rows: number): SQL[] {
  // Stored addresses never contain spaces (the shared e-mail schema), so "Ava Castillo" is a name search only.
  if (/\s/.test(needle)) return [];
  const at = needle.indexOf('@');
  const beforeDomain = at >= 0 ? needle.slice(0, at + 1) : needle;
  const indexed = beforeDomain.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_INDEXED_CHARS ? beforeDomain : needle;
  return parties.map(
    (p) =>
      sql`(select ${gifts.id} from ${p.from} where ${p.email} like ${likeContains(indexed)} and strpos(${p.email}, ${needle}) > 0 ${statusIs} ${newestFirst} limit ${rows})`,
  );
}

export async function searchGifts(
  deps: Pick<ServiceDeps, 'db'>,
  input: AdminSearch,
): Promise<{ gifts: AdminGift[]; hasMore: boolean }> {
  const offset = (input.page - 1) * ADMIN_PAGE_SIZE;
  const rows = offset + ADMIN_PAGE_SIZE + 1;
  const statusIs = input.status === 'all' ? sql`` : sql`and ${gifts.status} = ${input.status}`;

  let where: SQL | undefined;
  if (input.q) {
    const needle = input.q.toLowerCase();
    const names = await deps.db
      .select({ name: giftNames.name })
      .from(giftNames)
      .where(sql`${giftNames.name} like ${likeContains(needle)}`)
      .limit(NAMES_AS_LIST + 1);
    const branches = [
      ...nameBranches(
        names.map((n) => n.name),
        needle,
        statusIs,
        rows,
      ),
      ...emailBranches(needle, statusIs, rows),
      sql`(select ${gifts.id} from ${gifts} where ${gifts.claimTokenHash} = ${sha256(input.q)} ${statusIs})`,
      // A group gift's id (decision 026) finds its shares.
      sql`(select ${gifts.id} from ${gifts} where ${gifts.groupGiftId} = (select ${groupGifts.id} from ${groupGifts} where ${groupGifts.publicId} = ${input.q}) ${statusIs})`,
    ];
    where = sql`${gifts.id} in (${sql.join(branches, sql` union `)})`;
  } else if (input.status !== 'all') {
    where = sql`${gifts.status} = ${input.status}`;
  }

  const found = await selectAdminGifts(deps.db)
    .where(where)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset(offset);
  return { gifts: found.slice(0, ADMIN_PAGE_SIZE).map(toAdminGift), hasMore: found.length > ADMIN_PAGE_SIZE };
}
