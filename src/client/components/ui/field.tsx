// One labelled form field, used by every form: label (with the required mark), the control, a hint and the error.
// The control gets the ids that tie it to them: aria-describedby names the error (first) and the hint,
// aria-invalid is set while there is an error. The field shows what it is given; moving the focus to the first
// field in error is the form's job (react-hook-form's shouldFocusError, through the control's ref).
// See docs/decisions/010-forms.md.
import { useId, type ReactNode } from 'react';
import { Label } from './input';

/** What Field hands its control: spread it on the <input>, <textarea> or <select>. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Renders the control with the props that tie it to this field's label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  /** The control's id; a generated one when absent. The hint and error ids are derived from it. */
  id?: string;
  hint?: ReactNode;
  /** The message to show under the control; no error when empty. */
  error?: string | null;
  required?: boolean;
  /** More descriptions the caller renders itself (a character counter), by id. */
  describedBy?: string;
  className?: string;
}

export function Field({ label, children, id, hint, error, required, describedBy, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const described = [error ? errorId : null, describedBy, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-describedby': described || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
