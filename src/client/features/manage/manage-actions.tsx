// What the sender can still do while the gift is unclaimed: correct the address, resend, move the delivery date,
// cancel (after a dialog that states the refund). Each answer replaces the page's data.
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatUsd, parseMoney } from '../../../shared/money';
import { DeliveryDateInput } from '../../components/ui/delivery-date-input';
import {
  correctEmailSchema,
  deliveryDateSchema,
  type NewDeliveryDate,
  type RecipientEmailCorrection,
  type ManagedGift,
} from '../../../shared/schemas/manage';
import { useManageAction } from './use-managed-gift';
import { dateTime } from './wording';

const usd = (decimal: string) => formatUsd(parseMoney(decimal) ?? 0);
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again'), variant: 'destructive' });

export function ManageActions({ token, gift }: { token: string; gift: ManagedGift }) {
  const { actions } = gift;
  if (!actions.correctEmail && !actions.resend && !actions.cancel && !actions.reschedule && !actions.resendAvailableAt)
    return null;
  return (
    <section aria-labelledby="actions-heading" className="mt-8 space-y-6">
      <h2 id="actions-heading" className="text-lg font-semibold">
        While the gift is unclaimed
      </h2>
      {actions.correctEmail ? <CorrectEmail token={token} left={actions.correctionsLeft} /> : null}
      {actions.reschedule && gift.deliveryTimeZone ? (
        <Reschedule token={token} timeZone={gift.deliveryTimeZone} />
      ) : null}
      <Resend token={token} gift={gift} />
      {actions.cancel ? <CancelGift token={token} gift={gift} /> : null}
    </section>
  );
}

function CorrectEmail({ token, left }: { token: string; left: number }) {
  const correct = useManageAction<RecipientEmailCorrection>(token, 'recipient-email');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(correctEmailSchema), defaultValues: { recipientEmail: '' } });
  const onValid = (values: RecipientEmailCorrection) =>
    correct.mutate(values, {
      onSuccess: () => {
        reset();
        toast({
          title: 'Address corrected',
          description: 'The gift e-mail went to the new address; the old link no longer works.',
        });
      },
      onError: failed('Could not correct the address'),
    });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          id="correct-email"
          label="Correct recipient e-mail"
          required
          className="flex-1"
          error={errors.recipientEmail?.message}
          hint={
            <>
              The e-mail goes to the new address with a new link; the old link stops working. {left} correction
              {left === 1 ? '' : 's'} left.
            </>
          }
        >
          {(control) => <Input {...control} {...register('recipientEmail')} type="email" autoComplete="off" />}
        </Field>
        <Button type="submit" disabled={correct.isPending}>
          Correct e-mail
        </Button>
      </div>
    </form>
  );
}

function Resend({ token, gift }: { token: string; gift: ManagedGift }) {
  const resend = useManageAction(token, 'resend');
  if (!gift.actions.resend && !gift.actions.resendAvailableAt) return null;
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        disabled={!gift.actions.resend || resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: 'E-mail resent', description: 'A fresh link went to the same address.' }),
            onError: failed('Could not resend the e-mail'),
          })
        }
      >
        Resend e-mail
      </Button>
      <p className="text-sm text-slate-600">
        {gift.actions.resendAvailableAt
          ? `You can resend again after ${dateTime(gift.actions.resendAvailableAt)}.`
          : 'Sends the e-mail again to the same address with a fresh link (once every 24 hours).'}
      </p>
    </div>
  );
}

function Reschedule({ token, timeZone }: { token: string; timeZone: string }) {
  const move = useManageAction<NewDeliveryDate>(token, 'delivery-date');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deliveryDateSchema), defaultValues: { date: '' } });
  const onValid = (values: NewDeliveryDate) =>
    move.mutate(values, {
      onSuccess: () => toast({ title: 'Delivery date changed' }),
      onError: failed('Could not change the date'),
    });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          id="new-delivery-date"
          label="Change delivery date"
          className="flex-1"
          error={errors.date?.message}
          hint={<>Delivered at 9:00 AM ({timeZone}) on the day you choose.</>}
        >
          {(control) => <DeliveryDateInput {...control} {...register('date')} timeZone={timeZone} />}
        </Field>
        <Button type="submit" variant="outline" disabled={move.isPending}>
          Change date
        </Button>
      </div>
    </form>
  );
}

function CancelGift({ token, gift }: { token: string; gift: ManagedGift }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useManageAction(token, 'cancel');
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        dialog.current?.close();
        toast({
          title: 'Gift cancelled',
          description:
            result.stage === 'refunded' ? `${usd(gift.amount)} is refunded to your card.` : 'The refund is on its way.',
        });
      },
      onError: (error) => {
        dialog.current?.close();
        failed('Could not cancel the gift')(error);
      },
    });
  return (
    <div>
      <Button variant="destructive" onClick={() => dialog.current?.showModal()}>
        Cancel gift
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="cancel-title"
        aria-describedby="cancel-terms"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="cancel-title" className="text-lg font-semibold">
          Cancel this gift?
        </h2>
        <p id="cancel-terms" className="mt-3 text-slate-700">
          We refund the gift amount of <strong>{usd(gift.amount)}</strong> to your card. The processing fee (
          {usd(gift.fee)}){parseMoney(gift.tip) ? ` and your tip (${usd(gift.tip)})` : ''} are kept, as when a gift
          expires. The recipient&apos;s link stops working. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => dialog.current?.close()}>
            Keep the gift
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            Cancel and refund {usd(gift.amount)}
          </Button>
        </div>
      </dialog>
    </div>
  );
}
