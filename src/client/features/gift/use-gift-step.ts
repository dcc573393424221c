// A gift step page: reads the saved draft once, redirects when the flow rules say so, and saves changes.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { readDraft, updateDraft, type GiftDraft } from '../../lib/gift-draft';
import { guardRedirect, type GiftStep } from '../../lib/gift-navigation';

export function useGiftStep(step: GiftStep) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<GiftDraft | null>(() => readDraft());
  const [redirect] = useState(() => guardRedirect(step, draft));

  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

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
