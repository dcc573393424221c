// The draft in sessionStorage (one key, every field of the gift) and the payload built from it.
import {
  DRAFT_KEY,
  EMPTY_DRAFT,
  clearDraft,
  effectiveTip,
  readDraft,
  startNewDraft,
  updateDraft,
} from '../../src/client/lib/gift-draft.js';
import { zodResolver } from '@hookform/resolvers/zod';
import { buildGiftPayload, payloadProblem } from '../../src/client/features/gift/build-payload.js';
import type { GiftDraft } from '../../src/client/lib/gift-draft.js';
import { createGiftSchema } from '../../src/shared/schemas/gift.js';
import { donorOptInSchema } from '../../src/shared/schemas/gift-steps.js';

/** The messages the review page's form shows beside the donor fields: its resolver over the shared schema. */
async function donorFieldErrors(d: GiftDraft): Promise<Record<string, string | undefined>> {
  const values = {
    createDonorAccount: d.createDonorAccount,
    donorFirstName: d.donorFirstName,
    donorLastName: d.donorLastName,
    donorEmail: d.donorEmail,
  };
  const { errors } = await zodResolver(donorOptInSchema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
  keys = () => [...this.data.keys()];
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: store });
});
afterEach(() => vi.unstubAllGlobals());

describe('gift draft', () => {
  it('is absent until started, and lives under one key', () => {
    expect(readDraft()).toBeNull();
    updateDraft({ amount: 50 });
    expect(store.keys()).toEqual([DRAFT_KEY]);
    expect(readDraft()).toMatchObject({ amount: 50, tip: 1, processingFee: 2.8, totalPaid: 53.8, recipientGets: 50 });
  });

  it('defaults the tip to 1 when none is saved, and "Send a Gift" resets it to 0', () => {
    store.setItem(DRAFT_KEY, JSON.stringify({ amount: 25 }));
    expect(readDraft()!.tip).toBe(1);
    startNewDraft();
    expect(readDraft()).toMatchObject({ ...EMPTY_DRAFT, tip: 0, processingFee: 0.3, totalPaid: 0.3 });
  });

  it('recomputes the figures from amount and tip on every change', () => {
    updateDraft({ amount: 100, tip: 3 });
    expect(readDraft()).toMatchObject({ processingFee: 5.3, totalPaid: 108.3, recipientGets: 100 });
    updateDraft({ useCustomTip: true, customTip: 2.5 });
    expect(readDraft()!.totalPaid).toBe(107.8);
    updateDraft({ amount: 10.01, useCustomTip: true, customTip: 0.07 });
    expect(readDraft()).toMatchObject({ processingFee: 0.8, totalPaid: 10.88 });
  });

  it('counts a non-numeric or negative custom tip as 0', () => {
    expect(effectiveTip({ tip: 3, useCustomTip: true, customTip: Number.NaN })).toBe(0);
    expect(effectiveTip({ tip: 3, useCustomTip: true, customTip: -2 })).toBe(0);
    expect(effectiveTip({ tip: 3, useCustomTip: false, customTip: 9 })).toBe(3);
  });

  it('ignores a corrupt or tampered saved value', () => {
    store.setItem(DRAFT_KEY, '{not json');
    expect(readDraft()).toBeNull();
    store.setItem(DRAFT_KEY, JSON.stringify({ amount: '50', recipientEmail: 42, admin: true }));
    expect(readDraft()).toMatchObject({ amount: 0, recipientEmail: '' });
    expect(readDraft()).not.toHaveProperty('admin');
  });

  it('is cleared', () => {
    updateDraft({ amount: 50 });
    clearDraft();
    expect(readDraft()).toBeNull();
  });
});

describe('create-gift payload from the draft', () => {
  const draft = () =>
    updateDraft({
      amount: 50,
      tip: 1,
      recipientFirstName: ' Rita ',
      recipientLastName: 'Recipient',
      recipientEmail: 'rita@example.com ',
      wantsPersonalMessage: true,
      personalNote: ' Happy birthday! ',
      wantsSecurityQuestion: true,
      securityQuestion: 'Custom question',
      customSecurityQuestion: 'First concert?',
      securityAnswer: ' Muse ',
    });

  it('carries every field trimmed with correct figures, and passes the shared schema', async () => {
    const payload = buildGiftPayload(draft());
    expect(payload).toEqual({
      amount: '50.00',
      processingFee: '2.80',
      tip: '1.00',
      totalPaid: '53.80',
      recipientGets: '50.00',
      senderCoversFees: false,
      recipientFirstName: 'Rita',
      recipientLastName: 'Recipient',
      recipientEmail: 'rita@example.com',
      securityQuestion: 'First concert?',
      securityAnswerHash: 'Muse',
      personalNote: 'Happy birthday!',
      donorAccount: null,
      delivery: null,
    });
    expect(await payloadProblem(payload)).toBeNull();
    expect(createGiftSchema.parse(payload).totalPaid).toBe(5380);
  });

  it('carries a scheduled delivery with the browser time zone', async () => {
    draft();
    const payload = buildGiftPayload(updateDraft({ deliverOnDate: true, deliveryDate: '2026-03-10' }));
    expect(payload.delivery).toEqual({
      date: '2026-03-10',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await payloadProblem(payload)).toBeNull();
  });

  it('leaves out the message and question when their options are off, and adds the donor opt-in', async () => {
    draft();
    const payload = buildGiftPayload(
      updateDraft({
        wantsPersonalMessage: false,
        wantsSecurityQuestion: false,
        createDonorAccount: true,
        donorFirstName: 'D',
        donorLastName: 'N',
        donorEmail: 'd@example.com',
      }),
    );
    expect(payload).toMatchObject({
      personalNote: null,
      securityQuestion: null,
      securityAnswerHash: null,
      donorAccount: { firstName: 'D', lastName: 'N', email: 'd@example.com' },
    });
    expect(await payloadProblem(payload)).toBeNull();
  });

  it('reports what the server would reject', async () => {
    draft();
    expect(await payloadProblem(buildGiftPayload(updateDraft({ amount: 4 })))).toBe('The minimum gift is $5.00');
    const optedInDraft = updateDraft({
      amount: 50,
      createDonorAccount: true,
      donorFirstName: '',
      donorLastName: 'N',
      donorEmail: 'x',
    });
    const optedIn = buildGiftPayload(optedInDraft);
    expect(await payloadProblem(optedIn)).toMatch(/required|valid email/);
    expect(await donorFieldErrors(optedInDraft)).toEqual({
      donorFirstName: 'Donor first name is required',
      donorEmail: 'Please enter a valid email address',
    });
    expect(await donorFieldErrors(updateDraft({ createDonorAccount: false }))).toEqual({});
  });
});
