// A gift step page: reads the saved draft once, redirects when the flow rules say so, and saves changes.
// The recipient step also takes the amount the landing form sent in its address (a choice made before the
// landing page's scripts ran), saves it, and drops it from the address.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readDraft, updateDraft, type GiftDraft } from '../../lib/gift-draft';
import { arrivingAmount, guardRedirect, type GiftStep } from '../../lib/gift-navigation';

export function useGiftStep(step: GiftStep) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [arrival] = useState(() => (step === 'recipient' ? arrivingAmount(search) : null));
  const [draft, setDraft] = useState<GiftDraft | null>(() =>
    arrival && 'amount' in arrival ? updateDraft({ amount: arrival.amount }) : readDraft(),
  );
  const [redirect] = useState(() => (arrival && 'back' in arrival ? arrival.back : guardRedirect(step, draft)));

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
    else if (arrival) void navigate(pathname, { replace: true });
  }, [redirect, arrival, pathname, navigate]);

  /** Saves a change to the draft and answers the saved draft. */
  const save = (change: Partial<GiftDraft>) => {
    const next = updateDraft(change);
    setDraft(next);
    return next;
  };
  /** Saves, then goes to a path. */
  const go = (to: string, change: Partial<GiftDraft> = {}) => {
    save(change);
    void navigate(to);
  };

  return { draft: redirect ? null : draft, save, go };
}
