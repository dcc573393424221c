// "Deliver" on the review page: now (default) or on a date, today up to 90 days ahead, at 09:00 in the sender's time
// zone (from the browser, shown here). The server checks the same range in the same zone.
import { Field } from '../../components/ui/field';
import { DeliveryDateInput } from '../../components/ui/delivery-date-input';
import { DELIVERY_HOUR, DELIVERY_MAX_DAYS_AHEAD } from '../../../shared/constants';
import { addDays, dayIn } from '../../../shared/delivery-date';
import type { GiftDraft } from '../../lib/gift-draft';
import { browserTimeZone } from './build-payload';

type Value = Pick<GiftDraft, 'deliverOnDate' | 'deliveryDate'>;

export function DeliveryChoice({
  value,
  onChange,
  error,
}: {
  value: Value;
  onChange: (change: Partial<Value>) => void;
  error?: string;
}) {
  const timeZone = browserTimeZone();
  const today = dayIn(new Date(), timeZone);
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Deliver</legend>
      <div className="mt-3 space-y-2">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="deliver"
            checked={!value.deliverOnDate}
            onChange={() => onChange({ deliverOnDate: false })}
          />
          Now, right after payment
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="deliver"
            checked={value.deliverOnDate}
            onChange={() => onChange({ deliverOnDate: true, deliveryDate: value.deliveryDate || addDays(today, 1) })}
          />
          On a date
        </label>
      </div>
      {value.deliverOnDate ? (
        <Field
          id="deliveryDate"
          label="Delivery date"
          className="mt-3"
          error={error}
          hint={
            <>
              The e-mail goes out at {DELIVERY_HOUR}:00 AM in your time zone ({timeZone}), up to{' '}
              {DELIVERY_MAX_DAYS_AHEAD} days ahead. The 30 days to claim start then.
            </>
          }
        >
          {(control) => (
            <DeliveryDateInput
              {...control}
              timeZone={timeZone}
              value={value.deliveryDate}
              onChange={(e) => onChange({ deliveryDate: e.target.value })}
              className="sm:max-w-xs"
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
