// The recipient's own pages as the server renders them per request (src/shared/recipient-page.ts): scripts/
// prerender.ts builds this file into dist/ssr/recipient-page.js. Complete HTML whose forms post to the page's own
// address, so they work before (and without) any script; no app script is loaded on them.
import { renderNarrowPage } from './narrow-page';
import { documentTitle } from '../lib/page-meta';
import { VerifyPage } from '../features/recipient-rights/verify-page';
import { LinkPage } from '../features/recipient-rights/link-page';
import type { RecipientPageView, RenderRecipientPage } from '../../shared/recipient-page';

const TITLES: Record<RecipientPageView['kind'], string> = {
  verify: 'Check a gift e-mail',
  link: 'Your gifts',
  'link-done': 'Done',
  'link-invalid': 'Link not valid',
};

function Content({ view }: { view: RecipientPageView }) {
  return view.kind === 'verify' ? <VerifyPage view={view} /> : <LinkPage view={view} />;
}

export const renderRecipientPage: RenderRecipientPage = (view, pathname) => {
  const html = renderNarrowPage(pathname, <Content view={view} />);
  return {
    html,
    title: documentTitle(TITLES[view.kind]),
    description: 'Check whether a Hushgift e-mail is real, and choose what gifts you get.',
  };
};
