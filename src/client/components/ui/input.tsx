// Text controls with the one look of every form. React 19: `ref` is an ordinary prop (react-hook-form's
// register() passes one, and focuses the control through it on the first error).
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The box of every text control and select: the error border replaces the normal one (cn resolves it). */
export const controlClass = (invalid?: boolean) =>
  cn(
    'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100',
    invalid && 'border-red-700',
  );

export const isInvalid = (props: { 'aria-invalid'?: unknown }) =>
  props['aria-invalid'] === true || props['aria-invalid'] === 'true';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClass(isInvalid(props)), className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass(isInvalid(props)), className)} {...props} />;
}

export function Label({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: React.ReactNode;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {children}
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}
