// The frame of every gift step: a heading, a short explanation, the form, and Back / Skip / Continue.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

interface StepLayoutProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  onSubmit: () => void;
  onBack: () => void;
  onSkip?: () => void;
  canContinue: boolean;
  continueLabel?: string;
  busy?: boolean;
}

export function StepLayout({
  title,
  description,
  children,
  onSubmit,
  onBack,
  onSkip,
  canContinue,
  continueLabel = 'Continue',
  busy,
}: StepLayoutProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue && !busy) onSubmit();
  };
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-2 text-slate-700">{description}</div>
      <form onSubmit={submit} noValidate className="mt-6">
        <Card className="space-y-5">{children}</Card>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {onSkip ? (
              <Button variant="ghost" onClick={onSkip}>
                Skip
              </Button>
            ) : null}
            <Button type="submit" disabled={!canContinue || busy}>
              {continueLabel}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

/** "123/500" under a text field, announced politely near the limit. */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p
      id={id}
      className={cn('mt-1 text-right text-sm', length > max ? 'text-red-700' : 'text-slate-600')}
      aria-live={length >= max - 20 ? 'polite' : 'off'}
    >
      {length}/{max} characters
    </p>
  );
}
