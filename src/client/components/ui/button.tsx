import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';

export const buttonClass = (variant: ButtonVariant = 'primary', size: 'sm' | 'md' | 'lg' = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    size === 'sm' && 'px-3 py-1.5 text-sm',
    size === 'md' && 'px-4 py-2',
    size === 'lg' && 'px-6 py-3 text-lg',
    variant === 'primary' && 'bg-brand-700 text-white hover:bg-brand-800',
    variant === 'secondary' && 'bg-slate-100 text-slate-900 hover:bg-slate-200',
    variant === 'outline' && 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
    variant === 'ghost' && 'text-slate-800 hover:bg-slate-100',
    variant === 'destructive' && 'bg-red-700 text-white hover:bg-red-800',
  );

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
}

/** React 19: `ref` is an ordinary prop and reaches the <button> with the rest. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClass(variant, size), className)} {...props} />;
}
