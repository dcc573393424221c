import { STATUS_BADGE_CLASS, isGiftStatus, statusLabel } from '../../../shared/statuses';
import { cn } from '../../lib/cn';

export function StatusBadge({ status }: { status: string }) {
  const known = isGiftStatus(status);
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        known ? STATUS_BADGE_CLASS[status] : 'bg-slate-100 text-slate-900',
      )}
    >
      {known ? statusLabel(status) : status}
    </span>
  );
}
