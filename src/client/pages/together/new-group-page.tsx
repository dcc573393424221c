// /together/new: an organiser starts a group gift ("Give together", decision 026). Prerendered, so its form works
// before the scripts arrive: it then posts to the server, which answers the same page (POST /together/new).
import { useState } from 'react';
import { usePageMeta } from '../../lib/page-meta';
import { GroupLinks, NewGroupForm } from '../../features/together/new-group-form';
import {
  NEW_GROUP_DESCRIPTION,
  NEW_GROUP_TITLE,
  NewGroupPageContent,
} from '../../features/together/new-group-page-content';
import type { CreateGroupGiftResponse } from '../../../shared/schemas/together';

export default function NewGroupPage() {
  usePageMeta(NEW_GROUP_TITLE, NEW_GROUP_DESCRIPTION);
  const [links, setLinks] = useState<CreateGroupGiftResponse | null>(null);
  return (
    <NewGroupPageContent>
      {links ? <GroupLinks links={links} /> : <NewGroupForm onStarted={setLinks} />}
    </NewGroupPageContent>
  );
}
