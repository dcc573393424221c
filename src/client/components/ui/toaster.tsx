// The toast host. Radix Toast (toast-viewport.tsx) loads when the first toast is raised or F8 is pressed,
// and is fetched in the background once the page is idle, so a toast still appears when the network drops.
// Behaviour is Radix's: one toast at a time, 5 s, swipe right, F8 focuses the notifications.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const loadViewport = () => import('./toast-viewport');
const ToastViewport = lazy(loadViewport);

/** Radix's default hotkey. */
const HOTKEY = 'F8';

export function Toaster() {
  const { toasts } = useToast();
  const [f8Pressed, setF8Pressed] = useState(false);
  const needed = toasts.length > 0 || f8Pressed;

  useEffect(() => {
    if (needed) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.code === HOTKEY || e.key === HOTKEY) setF8Pressed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [needed]);

  useEffect(() => {
    const prefetch = () => void loadViewport().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 3000);
    return () => clearTimeout(id);
  }, []);

  const [mounted, setMounted] = useState(false);
  if (needed && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport focusOnMount={f8Pressed} />
    </Suspense>
  );
}
