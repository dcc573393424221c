// /together/new around its body: the app's page and the server's answer to the form posted without scripts
// (src/client/ssr/together-new-page.tsx) draw the same page with the form, or the two links, in it.
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

export const NEW_GROUP_TITLE = 'Give together';
export const NEW_GROUP_DESCRIPTION =
  'Start an anonymous group gift: friends pool their shares, nobody sees who gave what.';

export function NewGroupPageContent({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Give together</h1>
        <p className="mt-2 text-slate-700">
          Several people give one anonymous gift. Nobody — the recipient, you or the others — learns who gave or how
          much each gave.
        </p>
        {children}
      </Card>
    </section>
  );
}
