// The gift draft: one sessionStorage key, read and written only here. Figures are always
// recomputed from amount and tip with the shared fee rule, so what is shown is what the server will accept.
import { DEFAULT_TIP } from '../../shared/constants';
import { centsToDollars, dollarsToCents, giftTotals } from '../../shared/money';

export const DRAFT_KEY = 'hushgift:gift-draft';

export interface GiftDraft {
  amount: number;
  tip: number;
  useCustomTip: boolean;
  customTip: number;
  senderCoversFees: boolean;
  processingFee: number;
  totalPaid: number;
  recipientGets: number;
  recipientFirstName: string;
  recipientLastName: string;
  recipientEmail: string;
  wantsPersonalMessage: boolean;
  personalNote: string;
  wantsSecurityQuestion: boolean;
  enableSecurityQuestion: boolean;
  securityQuestion: string;
  customSecurityQuestion: string;
  securityAnswer: string;
  // Donor opt-in on the review page (kept so a canceled payment loses nothing).
  createDonorAccount: boolean;
  donorFirstName: string;
  donorLastName: string;
  donorEmail: string;
  // "Deliver" on the review page: now, or at 09:00 on a day in the sender's time zone (decision 016).
  deliverOnDate: boolean;
  deliveryDate: string;
}

export const EMPTY_DRAFT: GiftDraft = {
  amount: 0,
  tip: DEFAULT_TIP,
  useCustomTip: false,
  customTip: 0,
  senderCoversFees: false,
  processingFee: 0,
  totalPaid: 0,
  recipientGets: 0,
  recipientFirstName: '',
  recipientLastName: '',
  recipientEmail: '',
  wantsPersonalMessage: false,
  personalNote: '',
  wantsSecurityQuestion: false,
  enableSecurityQuestion: true,
  securityQuestion: '',
  customSecurityQuestion: '',
  securityAnswer: '',
  createDonorAccount: false,
  donorFirstName: '',
  donorLastName: '',
  donorEmail: '',
  deliverOnDate: false,
  deliveryDate: '',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the flow still works within the page
  }
}

/** The tip in effect: the custom tip when chosen (non-numeric counts as 0), else the preset. */
export function effectiveTip(draft: Pick<GiftDraft, 'tip' | 'useCustomTip' | 'customTip'>): number {
  const tip = draft.useCustomTip ? draft.customTip : draft.tip;
  return Number.isFinite(tip) && tip > 0 ? tip : 0;
}

function withFigures(draft: GiftDraft): GiftDraft {
  const t = giftTotals(dollarsToCents(draft.amount), dollarsToCents(effectiveTip(draft)));
  return {
    ...draft,
    processingFee: centsToDollars(t.fee),
    totalPaid: centsToDollars(t.total),
    recipientGets: centsToDollars(t.recipientGets),
  };
}

/** The saved draft, or null when none was started in this browser session. */
export function readDraft(): GiftDraft | null {
  const raw = storage()?.getItem(DRAFT_KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<GiftDraft>;
    if (typeof saved !== 'object' || saved === null) return null;
    // Only known fields of the right type survive; the tip defaults to 1 when none was saved.
    const draft = { ...EMPTY_DRAFT };
    for (const key of Object.keys(EMPTY_DRAFT) as Array<keyof GiftDraft>) {
      if (typeof saved[key] === typeof EMPTY_DRAFT[key]) (draft as Record<string, unknown>)[key] = saved[key];
    }
    return withFigures(draft);
  } catch {
    return null;
  }
}

/** Merges a change into the draft (starting one if needed) and answers the saved draft. */
export function updateDraft(change: Partial<GiftDraft>): GiftDraft {
  const next = withFigures({ ...(readDraft() ?? EMPTY_DRAFT), ...change });
  storage()?.setItem(DRAFT_KEY, JSON.stringify(next));
  return next;
}

/** "Send a Gift": forget the previous draft and start fresh with no tip. */
export function startNewDraft(): GiftDraft {
  clearDraft();
  return updateDraft({ tip: 0 });
}

export function clearDraft(): void {
  storage()?.removeItem(DRAFT_KEY);
}

/** A dollar amount typed in a number field: non-numeric or negative counts as 0; cut to the cent. */
export function parseDollarInput(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n * 100 + 1e-6) / 100 : 0;
}
