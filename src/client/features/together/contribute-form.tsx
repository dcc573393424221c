// A contributor's share in the app: an amount (the one-gift minimum and maximum), the same fee and optional tip as
// one gift, then the hosted checkout. Checked and sent as the server's form reading does it (the same schema and
// figures: src/shared/together-share-page.ts). Its markup is ContributeFormFrame, whose form also posts to the server
// before the scripts arrive. The fields are uncontrolled, so what was typed before hydration stays in them; the
// form then takes it over (for the line with what is paid) before its first paint.
import { useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import {
  CONTRIBUTE_FORM_FIELDS,
  contributePayload,
  EMPTY_CONTRIBUTE_FORM,
  readContributeForm,
  type ContributeFieldErrors,
  type ContributeFormValues,
} from '../../../shared/together-share-page';
import { ContributeFormFrame } from './contribute-form-frame';
import { useContribute } from './use-together';

export function ContributeForm({ token, recipientFirstName }: { token: string; recipientFirstName: string }) {
  const contribute = useContribute(token);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContributeFormValues>(EMPTY_CONTRIBUTE_FORM);
  const [errors, setErrors] = useState<ContributeFieldErrors>({});

  useLayoutEffect(() => {
    const typed = new FormData(form.current!);
    setValues({ amount: String(typed.get('amount') ?? ''), tip: String(typed.get('tip') ?? '') });
  }, []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (contribute.isPending) return;
    const reading = readContributeForm(values);
    setErrors(reading.ok ? {} : reading.errors);
    if (!reading.ok) {
      // The first field in error takes the focus, which reads its message.
      const first = CONTRIBUTE_FORM_FIELDS.find((name) => reading.errors[name]);
      (form.current?.elements.namedItem(first ?? 'amount') as HTMLInputElement | null)?.focus();
      return;
    }
    contribute.mutate(contributePayload(values), {
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    });
  };

  return (
    <ContributeFormFrame
      token={token}
      recipientFirstName={recipientFirstName}
      values={values}
      formRef={form}
      // The server's HTML starts from the same values, so what is drawn before the scripts matches.
      control={(name) => ({
        name,
        defaultValue: EMPTY_CONTRIBUTE_FORM[name],
        onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
      })}
      errors={errors}
      onSubmit={submit}
      busy={contribute.isPending}
      footer={
        contribute.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
            {errorMessage(contribute.error, 'Please try again.')}
          </p>
        ) : null
      }
    />
  );
}
