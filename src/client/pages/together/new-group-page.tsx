// /together/new: an organiser starts a group gift ("Give together", decision 026).
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { usePageMeta } from '../../lib/page-meta';
import { GroupLinks, NewGroupForm } from '../../features/together/new-group-form';
import type { CreateGroupGiftResponse } from '../../../shared/schemas/together';

export default function NewGroupPage() {
  usePageMeta('Give together', 'Start an anonymous group gift: friends pool their shares, nobody sees who gave what.');
  const [links, setLinks] = useState<CreateGroupGiftResponse | null>(null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Give together</h1>
        <p className="mt-2 text-slate-700">
          Several people give one anonymous gift. Nobody — the recipient, you or the others — learns who gave or how
          much each gave.
        </p>
        {links ? <GroupLinks links={links} /> : <NewGroupForm onStarted={setLinks} />}
      </Card>
    </section>
  );
}
