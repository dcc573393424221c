// The share page /together/<token> as the server renders it (decision 026): the page itself, hydrated by the app
// once its scripts arrive, and the answer to its contribution form posted before or without them
// (POST /together/<token>/contribute). The renderers are built from the client's components
// (src/client/ssr/together-share-page.tsx); the server fills the views from the same services and the same schema
// as GET /api/together/:token and POST /api/together/:token/contributions.
import { DEFAULT_TIP } from './constants.js';
import { parseMoney, wireFigures } from './money.js';
import { contributeSchema, type ContributeInput, type SharePage } from './schemas/together.js';
import type { FieldErrors, FormReading, FormValues } from './schemas/form-reading.js';
import type { RenderedServerPage } from './server-rendered-page.js';

/** Where the share page's form posts when the page's scripts have not run. */
export const contributePath = (token: string) => `/together/${token}/contribute`;

/** The fields a contributor fills in, in page order: the share and the tip, in dollars. */
export const CONTRIBUTE_FORM_FIELDS = ['amount', 'tip'] as const;
export type ContributeFormField = (typeof CONTRIBUTE_FORM_FIELDS)[number];
export type ContributeFormValues = FormValues<ContributeFormField>;
export type ContributeFieldErrors = FieldErrors<ContributeFormField>;

/** What an empty form shows: no amount, the usual tip. */
export const EMPTY_CONTRIBUTE_FORM: ContributeFormValues = { amount: '', tip: String(DEFAULT_TIP) };

export const AMOUNT_MISSING = 'Please enter your share, such as 25.00';

/**
 * The API's body for what was typed: the figures (fee, total, what the recipient gets) computed here from the
 * amount and tip, as the app's form computes them, so the API's schema checks them against its own (an amount or
 * tip it cannot read is reported on its field, and the figures are then not checked). A blank tip is no tip.
 */
export function contributePayload(values: ContributeFormValues) {
  const tip = values.tip.trim() === '' ? '0' : values.tip;
  const amountCents = parseMoney(values.amount);
  const tipCents = parseMoney(tip);
  const figures =
    amountCents !== null && tipCents !== null
      ? wireFigures(amountCents, tipCents)
      : { processingFee: '0', totalPaid: '0', recipientGets: '0' };
  return { ...figures, amount: values.amount, tip, senderCoversFees: false };
}

/**
 * The contribution form as the browser posts it, checked with the schema of POST /api/together/:token/contributions.
 * A problem with the figures (the total over one card payment) is the amount's and tip's to fix: shown on the amount.
 */
export function readContributeForm(body: Record<string, unknown>): FormReading<ContributeFormField, ContributeInput> {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const values: ContributeFormValues = { amount: text('amount'), tip: text('tip') };
  const result = contributeSchema.safeParse(contributePayload(values));
  if (result.success) return { ok: true, data: result.data, values };
  // An amount left blank is asked for in words a person reads, not as a malformed number.
  const errors: ContributeFieldErrors = values.amount.trim() === '' ? { amount: AMOUNT_MISSING } : {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'tip' ? 'tip' : 'amount';
    errors[key] ??= issue.message;
  }
  return { ok: false, values, errors };
}

/** The query the app's share page reads, seeded into the hydrating page so its first render is the server's. */
export const sharePageQueryKey = (token: string) => ['/api/together', encodeURIComponent(token)];

/** The share page, hydrated by the app: `page` null for a link that leads to no group ("not found"). */
export interface SharePageInput {
  /** The address as requested (path and query: the checkout's return says ?paid or ?canceled). */
  url: string;
  token: string;
  page: SharePage | null;
}

/** What the server sends: the markup, the head, and the query data the app starts from (by query key). */
export interface RenderedSharePage extends RenderedServerPage {
  seed: Array<[readonly unknown[], unknown]>;
}

export type RenderSharePage = (input: SharePageInput) => Promise<RenderedSharePage>;

/** The answer to the form posted without scripts that did not lead to the checkout. */
export type ShareFormAnswerView =
  /** The page again with what was typed and why: each field's problem, or a refusal (closed, the start limit). */
  | {
      kind: 'form';
      token: string;
      page: SharePage;
      values: ContributeFormValues;
      errors: ContributeFieldErrors;
      alert?: string;
    }
  /** The link leads to no group. */
  | { kind: 'not-found' };

export type RenderShareFormAnswer = (view: ShareFormAnswerView) => RenderedServerPage;
