// "See what they'll see" on the review step (issue 25 point 1): the claim e-mail and the claim page as the recipient
// will get them. The server draws the e-mail with its real template (POST /api/gifts/preview); it is shown as the
// real HTML in a sandboxed frame (no scripts, no links that work). The claim page is drawn by claimPage, which the
// review page fills with the claim page's own card (a feature never imports another), fed the claim lookup's answer,
// its "Report this gift" drawn but inert; behind a question the message shows after it, as the right answer's page
// shows it (answeredNote). A native modal <dialog>: it traps focus, Escape closes it.
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../lib/api';
import type { GiftDraft } from '../../lib/gift-draft';
import type { ClaimLookup } from '../../../shared/schemas/claim-contract';
import type { GiftPreviewPayload, GiftPreviewResponse } from '../../../shared/schemas/gift-preview';
import { buildGiftPayload } from './build-payload';

/** Only what the recipient meets: the preview is never sent anything of the sender. */
function previewPayload(draft: GiftDraft): GiftPreviewPayload {
  const { amount, recipientFirstName, securityQuestion, personalNote } = buildGiftPayload(draft);
  return { amount, recipientFirstName, securityQuestion, personalNote };
}

interface RecipientPreviewProps {
  draft: GiftDraft;
  claimPage: (gift: ClaimLookup) => ReactNode;
  /** The message as the page the right answer opens shows it. */
  answeredNote: (note: string) => ReactNode;
}

export function RecipientPreview({ draft, claimPage, answeredNote }: RecipientPreviewProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const preview = useMutation({
    mutationFn: (payload: GiftPreviewPayload) => apiRequest<GiftPreviewResponse>('POST', '/api/gifts/preview', payload),
  });
  const open = () => {
    preview.mutate(previewPayload(draft));
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      <Button ref={opener} type="button" variant="outline" className="mt-6 w-full sm:w-auto" onClick={open}>
        See what they&apos;ll see
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
        className="m-auto max-h-[92dvh] w-[calc(100vw-1rem)] max-w-2xl overflow-y-auto rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            What {draft.recipientFirstName.trim() || 'they'} will see
          </h2>
          <Button type="button" variant="ghost" size="sm" onClick={close}>
            Close
          </Button>
        </div>
        <div className="space-y-8 px-3 py-4 sm:px-6">
          <p className="text-sm text-slate-700">
            Exactly as the recipient gets them, with nothing of you. The link and verification code here are examples:
            the real e-mail gets its own.
          </p>
          {preview.isPending ? <Spinner label="Drawing the preview" /> : null}
          {preview.isError ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {errorMessage(preview.error, 'The preview could not be drawn. Please try again.')}
            </p>
          ) : null}
          {preview.data ? (
            <PreviewSections preview={preview.data} claimPage={claimPage} answeredNote={answeredNote} />
          ) : null}
        </div>
      </dialog>
    </>
  );
}

function PreviewSections({
  preview,
  claimPage,
  answeredNote,
}: {
  preview: GiftPreviewResponse;
  claimPage: RecipientPreviewProps['claimPage'];
  answeredNote: RecipientPreviewProps['answeredNote'];
}) {
  const emailId = useId();
  const pageId = useId();
  const answeredId = useId();
  const note = preview.afterAnswer.personalNote;
  return (
    <>
      <section aria-labelledby={emailId}>
        <h3 id={emailId} className="text-base font-semibold">
          The e-mail
        </h3>
        <p className="mt-1 break-words text-sm text-slate-700">
          Subject: <span className="font-medium text-slate-900">{preview.email.subject}</span>
        </p>
        <iframe
          // The template's own HTML, inert: no scripts, no navigation, no same origin.
          sandbox=""
          srcDoc={preview.email.html}
          title="The claim e-mail"
          className="mt-2 h-[28rem] w-full rounded-md border border-slate-300 bg-white"
        />
      </section>
      <section aria-labelledby={pageId}>
        <h3 id={pageId} className="text-base font-semibold">
          The claim page
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          What the e-mail&apos;s link opens. Claiming is not possible from this preview.
        </p>
        <div className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-2 sm:p-4">
          {claimPage(preview.claimPage)}
        </div>
      </section>
      {note ? (
        <section aria-labelledby={answeredId}>
          <h3 id={answeredId} className="text-base font-semibold">
            After the right answer
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Your message stays hidden until the recipient answers your question; then the page shows it.
          </p>
          <div className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-2 sm:p-4">{answeredNote(note)}</div>
        </section>
      ) : null}
    </>
  );
}
