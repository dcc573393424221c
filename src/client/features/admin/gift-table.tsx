// The admin gift table: ID as #id, status badge, amount, sender, recipient, dates, Resend Email on paid rows and
// Unfreeze claim on gifts frozen after too many wrong security answers.
import type { AdminGift } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatDateTime, formatDollars } from './format';
import { GroupShare } from './group-share';

/** A row's action button, named with the gift's number for screen readers ("Resend Email for gift #12"). */
function RowAction(props: {
  label: string;
  busyLabel: string;
  giftId: number;
  busyId: number | null;
  onClick: (id: number) => void;
}) {
  const busy = props.busyId === props.giftId;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => props.onClick(props.giftId)}
      disabled={busy}
      aria-label={`${props.label} for gift #${props.giftId}`}
    >
      {busy ? props.busyLabel : props.label}
    </Button>
  );
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—';

export function GiftTable({
  gifts,
  onResend,
  resendingId,
  onUnfreeze,
  unfreezingId,
}: {
  gifts: AdminGift[];
  onResend: (id: number) => void;
  resendingId: number | null;
  onUnfreeze: (id: number) => void;
  unfreezingId: number | null;
}) {
  type Action = Omit<Parameters<typeof RowAction>[0], 'giftId'>;
  const unfreeze: Action = {
    label: 'Unfreeze claim',
    busyLabel: 'Unfreezing...',
    busyId: unfreezingId,
    onClick: onUnfreeze,
  };
  const resend: Action = { label: 'Resend Email', busyLabel: 'Sending...', busyId: resendingId, onClick: onResend };
  const rowActions = (g: AdminGift) => [
    ...(g.claimFrozen ? [unfreeze] : []),
    ...(g.status === 'paid' && g.delivery !== 'scheduled' ? [resend] : []),
  ];
  return (
    // Wide tables scroll inside their own region on small screens; the page itself never scrolls sideways.
    <div className="-mx-4 overflow-x-auto sm:mx-0" role="region" aria-label="Gifts" tabIndex={0}>
      <table className="min-w-[56rem] w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {['ID', 'Status', 'Amount', 'Sender', 'Recipient', 'Created', 'Expires', 'Actions'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gifts.map((g) => (
            <tr key={g.id} className="border-b border-slate-100 align-top">
              <td className="px-3 py-3 font-mono">#{g.id}</td>
              <td className="px-3 py-3">
                <StatusBadge status={g.status} />
                {g.delivery === 'scheduled' ? (
                  <div
                    className="mt-1 whitespace-nowrap text-xs font-medium text-slate-700"
                    title={g.deliverAt ? formatDateTime(g.deliverAt) : undefined}
                  >
                    scheduled
                  </div>
                ) : null}
                {g.delivery === 'undeliverable' ? (
                  <div className="mt-1 whitespace-nowrap text-xs font-semibold text-red-800">Undeliverable</div>
                ) : null}
                {g.needsAttention ? (
                  <p className="mt-1 max-w-[14rem] text-xs font-medium text-red-700">
                    Needs attention: {g.needsAttention}
                  </p>
                ) : null}
              </td>
              <td className="px-3 py-3 font-medium">{formatDollars(g.amount)}</td>
              <td className="px-3 py-3">{name(g.senderFirstName, g.senderLastName)}</td>
              <td className="px-3 py-3">
                <div>{name(g.recipientFirstName, g.recipientLastName)}</div>
                <div className="break-all text-slate-600">{g.recipientEmail ?? '—'}</div>
                {g.group ? <GroupShare group={g.group} className="mt-1 text-xs text-slate-700" /> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-3">{formatDateTime(g.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-3">{formatDateTime(g.expiresAt)}</td>
              <td className="px-3 py-3">
                <div className="flex flex-col items-start gap-2">
                  {rowActions(g).map((action) => (
                    <RowAction key={action.label} {...action} giftId={g.id} />
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
