// Gift History: every paid gift in a table; the table scrolls inside its card on narrow screens.
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import type { DonorGift } from '../../../shared/schemas/donor';
import { EmptyGifts } from './empty-gifts';
import { ManageGiftButton } from './manage-gift-button';
import { recipientName, shortDate, usd } from './format';

const COLUMNS = ['Date', 'Recipient', 'Amount Sent', 'Amount Received', 'Status', 'Claimed Date', 'Gift page'];

export function HistoryTab({ gifts }: { gifts: DonorGift[] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Gift History</h2>
      {gifts.length === 0 ? (
        <EmptyGifts />
      ) : (
        // relative: keeps the screen-reader-only text positioned inside the scroll area, not widening the page.
        <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Gift history table">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-y border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="px-4 py-3 font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {gifts.map((gift) => (
                <tr key={gift.id}>
                  <td className="whitespace-nowrap px-4 py-3">
                    {shortDate(gift.createdAt)}
                    {gift.deliverAt && (
                      <span className="block text-xs text-slate-600">Delivery {shortDate(gift.deliverAt)}</span>
                    )}
                  </td>
                  <td className="px-4 py-3">{recipientName(gift)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{usd(gift.amount)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{usd(gift.recipientGets)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={gift.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    {gift.claimedAt ? (
                      shortDate(gift.claimedAt)
                    ) : (
                      <>
                        <span aria-hidden="true">-</span>
                        <span className="sr-only">Not claimed</span>
                      </>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <ManageGiftButton
                      giftId={gift.id}
                      label={`Manage the gift to ${recipientName(gift)} of ${shortDate(gift.createdAt)}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
