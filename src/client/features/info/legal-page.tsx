// Privacy Policy and Terms of Use share this frame: the "Last updated" line and numbered sections.
import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../../shared/constants';
import { InfoPage } from './info-page';

export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <InfoPage
      title={title}
      lead={
        <>
          <p className="text-base text-slate-600">Last updated {LEGAL_LAST_UPDATED}</p>
          <p className="mt-4">{intro}</p>
        </>
      }
    >
      {children}
    </InfoPage>
  );
}
