// Step-up before money actions (decision 020): an action the server refuses with 403 STEP_UP_REQUIRED opens a
// small dialog asking for the authenticator code (or the password, for an account without a second factor); once
// the server accepts it, the action is retried. The dialog is a native modal <dialog> (focus kept inside, Escape
// cancels, which fails the action with a message saying it was not done).
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { STEP_UP_REQUIRED_CODE, STEP_UP_WINDOW_MINUTES } from '../../../shared/schemas/admin-wire';
import { useStepUpCheck } from './auth-api';
import { PasswordInput } from './password-input';

export const STEP_UP_CANCELLED = 'Not done: the action needs your code first.';

/** Runs an action; when the server asks for a fresh check, asks for it in the dialog and runs the action again. */
export type StepUpGuard = <T>(action: () => Promise<T>) => Promise<T>;

const isStepUpRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED_CODE;

export function useStepUp(hasSecondFactor: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  const waiting = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useStepUpCheck();

  const askForCheck = () =>
    new Promise<void>((resolve, reject) => {
      waiting.current = { resolve, reject };
      setValue('');
      setError(null);
      dialog.current?.showModal();
    });

  const guard: StepUpGuard = async (action) => {
    try {
      return await action();
    } catch (e) {
      if (!isStepUpRequired(e)) throw e;
      await askForCheck();
      return action();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return setError(hasSecondFactor ? 'Enter the 6-digit code' : 'Enter your password');
    check.mutate(hasSecondFactor ? { code: value } : { password: value }, {
      onSuccess: () => {
        const w = waiting.current;
        waiting.current = null;
        dialog.current?.close();
        w?.resolve();
      },
      onError: (e) => setError(errorMessage(e, 'Please try again')),
    });
  };

  const onClose = () => {
    // Closed without a check (Escape or Cancel): the action is not done.
    waiting.current?.reject(new Error(STEP_UP_CANCELLED));
    waiting.current = null;
  };

  const element = (
    <dialog
      ref={dialog}
      aria-labelledby="step-up-title"
      aria-describedby="step-up-why"
      onClose={onClose}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id="step-up-title" className="text-lg font-semibold">
          Confirm it is you
        </h2>
        <p id="step-up-why" className="mt-2 text-sm text-slate-700">
          Money actions need a check within the last {STEP_UP_WINDOW_MINUTES} minutes.{' '}
          {hasSecondFactor ? 'Enter the code from your authenticator app.' : 'Enter your password.'}
        </p>
        <Field
          id="step-up-value"
          label={hasSecondFactor ? 'Authentication code' : 'Password'}
          className="mt-4"
          error={error}
        >
          {(control) =>
            hasSecondFactor ? (
              <Input
                {...control}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            ) : (
              <PasswordInput
                {...control}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoComplete="current-password"
              />
            )
          }
        </Field>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={check.isPending}>
            {check.isPending ? 'Checking...' : 'Confirm'}
          </Button>
        </div>
      </form>
    </dialog>
  );

  return { guard, element };
}
