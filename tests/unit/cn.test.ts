// cn: clsx's conditionals joined, and Tailwind conflicts resolved by tailwind-merge (the last class wins).
import { cn } from '../../src/client/lib/cn.js';
import { controlClass } from '../../src/client/components/ui/input.js';

describe('cn', () => {
  it('keeps the last of two conflicting Tailwind classes', () => {
    expect(cn('p-2', 'p-4')).toBe('p-4');
    expect(cn('px-3 py-2', 'p-1')).toBe('p-1');
    expect(cn('text-slate-900', 'text-red-700')).toBe('text-red-700');
    // Different groups do not conflict: a size and a colour, a side padding after an axis padding.
    expect(cn('text-sm', 'text-red-700')).toBe('text-sm text-red-700');
    expect(cn('px-3', 'pr-20')).toBe('px-3 pr-20');
  });

  it('drops falsy values and takes arrays and objects', () => {
    expect(cn('a', false, null, undefined, 0, '', ['b', { c: true, d: false }])).toBe('a b c');
  });

  it('resolves the theme colours of this app (brand-*) as colours', () => {
    expect(cn('bg-brand-700', 'bg-white')).toBe('bg-white');
    expect(cn('border-slate-400', 'border-brand-600')).toBe('border-brand-600');
  });

  it('gives a control in error the red border instead of the normal one', () => {
    const classes = controlClass(true).split(' ');
    expect(classes).toContain('border-red-700');
    expect(classes).not.toContain('border-slate-400');
    expect(controlClass(false).split(' ')).toContain('border-slate-400');
  });
});
