// The date picker for a delivery day: today up to DELIVERY_MAX_DAYS_AHEAD ahead, counted in the sender's time zone
// (the server checks the same range in the same zone).
import type { ComponentProps } from 'react';
import { DELIVERY_MAX_DAYS_AHEAD } from '../../../shared/constants';
import { addDays, dayIn } from '../../../shared/delivery-date';
import { Input } from './input';

type Props = Omit<ComponentProps<typeof Input>, 'type' | 'min' | 'max'> & { timeZone: string };

export function DeliveryDateInput({ timeZone, ...props }: Props) {
  const today = dayIn(new Date(), timeZone);
  return <Input {...props} type="date" min={today} max={addDays(today, DELIVERY_MAX_DAYS_AHEAD)} />;
}
