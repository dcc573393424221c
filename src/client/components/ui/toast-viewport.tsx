// Radix Toast with the library defaults: 5 s, swipe right past 50 px, F8 to focus.
// Loaded on demand by toaster.tsx, so Radix stays out of the JavaScript every page loads first.
import { useEffect, useRef } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import { cn } from '../../lib/cn';
import { dismiss, useToast } from './use-toast';

/** `focusOnMount`: the F8 press that caused the load also focuses the viewport, as Radix does once mounted. */
export default function ToastViewport({ focusOnMount }: { focusOnMount: boolean }) {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : t.variant === 'info'
                ? 'border-sky-200 bg-sky-50 text-slate-900'
                : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 text-current opacity-80 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
