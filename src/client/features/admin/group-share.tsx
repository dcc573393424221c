// A gift that is a share of a group gift (decision 026), in the gift list and the attention list: the group's id,
// which the admin search takes to list every share of the group, and whether this share carries the group's claim.
import type { AdminGift } from '../../../shared/schemas/admin';

export function GroupShare({ group, className }: { group: NonNullable<AdminGift['group']>; className?: string }) {
  return (
    <p className={className}>
      Share of group <span className="break-all font-mono">{group.id}</span>
      {group.lead ? ' (carries its claim)' : ''}
    </p>
  );
}
