// The frame of every gift step: a heading, a short explanation, the form, and Back / Skip / Continue.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';

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

export function StepLayout({ title, description, children, onSubmit, onBack, onSkip, canContinue, continueLabel = 'Continue', busy }: StepLayoutProps) {
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
    <p id={id} className={`mt-1 text-right text-sm ${length > max ? 'text-red-700' : 'text-slate-600'}`} aria-live={length >= max - 20 ? 'polite' : 'off'}>
      {length}/{max} characters
    </p>
  );
}

export function CheckboxField({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

interface RequiredFieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  maxLength: number;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A required text field with its label (asterisk), and its error announced and linked when there is one. */
export function RequiredField({ id, label, type, autoComplete, maxLength, value, error, onChange }: RequiredFieldProps) {
  return (
    <div>
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
