// A checkbox with its label beside it and an optional hint it is described by. The rest of the props (a form's
// register('name'), checked/onChange) go to the <input>; React 19: `ref` is one of them.
import type { ComponentProps, ReactNode } from 'react';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ id, label, hint, ...input }: CheckboxFieldProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        {...input}
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
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
