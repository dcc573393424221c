import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, conditionals, arrays, objects) and resolves Tailwind conflicts so the last one
 * wins: cn('px-3 border-slate-400', error && 'border-red-700') keeps only the red border.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
