// The landing headline's rotating word: every 2.5 s with a 250 ms fade; still under prefers-reduced-motion.
// Screen readers get the first word once (the changing span is hidden from them).
import { useEffect, useState } from 'react';
import { ROTATE_INTERVAL_MS, ROTATE_TRANSITION_MS, ROTATING_WORDS } from '../../../shared/constants';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function RotatingWord() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    let swap: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      swap = setTimeout(() => {
        setIndex((i) => (i + 1) % ROTATING_WORDS.length);
        setVisible(true);
      }, ROTATE_TRANSITION_MS);
    }, ROTATE_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(swap);
    };
  }, []);

  return (
    <>
      <span className="sr-only">{ROTATING_WORDS[0]}</span>
      <span
        aria-hidden="true"
        data-testid="rotating-word"
        className="inline-block text-brand-700 transition-opacity ease-in-out"
        style={{ opacity: visible ? 1 : 0, transitionDuration: `${ROTATE_TRANSITION_MS}ms` }}
      >
        {ROTATING_WORDS[index]}
      </span>
    </>
  );
}
