// The dashboard's "Blocks" section (decision 024): what is blocked (a payer's e-mail, card or client address, or a
// recipient address, each shown without its value), with Remove, and two small forms to block a recipient address
// or the payer of a gift. Native forms and buttons, so it works from the keyboard. Operators only.
import { useState, type FormEvent } from 'react';
import { BLOCK_KIND_LABELS, type Blocks } from '../../../shared/schemas/admin-risk';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from './format';
import type { BlockChange } from './risk-api';
import { useBlockAction } from './use-block-action';
import type { StepUpGuard } from './step-up-dialog';

const SOURCE_LABELS: Record<string, string> = {
  operator: 'by an operator',
  early_fraud_warning: 'after an early fraud warning',
};

export function BlocksSection(props: {
  blocks: Blocks | undefined;
  error: unknown;
  loading: boolean;
  guard: StepUpGuard;
}) {
  const { run, busy, pending } = useBlockAction(props.guard);
  const [recipient, setRecipient] = useState('');
  const [giftId, setGiftId] = useState('');
  const submit = (event: FormEvent, what: BlockChange, done: () => void) => {
    event.preventDefault();
    run(what, done);
  };

  const list = props.blocks?.blocks;
  return (
    <Card className="mt-8 p-4 sm:p-6">
      <section aria-labelledby="blocks-title" aria-busy={props.loading}>
        <h2 id="blocks-title" className="text-xl font-semibold text-slate-900">
          Blocks{list && list.length > 0 ? ` (${list.length})` : ''}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A gift to a blocked address is refused before payment; a payment from a blocked payer is refunded in full at
          once. Neither is told why.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <form
            aria-label="Block a recipient address"
            onSubmit={(e) => submit(e, { recipient: recipient.trim() }, () => setRecipient(''))}
          >
            <label htmlFor="block-recipient" className="block text-sm font-medium text-slate-800">
              Recipient address
            </label>
            <div className="mt-1 flex gap-2">
              <Input
                id="block-recipient"
                type="email"
                autoComplete="off"
                required
                maxLength={254}
                value={recipient}
                onChange={(e) => setRecipient(e.target.value)}
              />
              <Button type="submit" size="sm" variant="destructive" disabled={pending}>
                Block address
              </Button>
            </div>
          </form>
          <form
            aria-label="Block the payer of a gift"
            onSubmit={(e) => submit(e, { payerOfGift: Number(giftId) }, () => setGiftId(''))}
          >
            <label htmlFor="block-payer-gift" className="block text-sm font-medium text-slate-800">
              Payer of gift # (its e-mail, card and client address)
            </label>
            <div className="mt-1 flex gap-2">
              <Input
                id="block-payer-gift"
                type="number"
                inputMode="numeric"
                min={1}
                required
                value={giftId}
                onChange={(e) => setGiftId(e.target.value)}
              />
              <Button type="submit" size="sm" variant="destructive" disabled={pending}>
                Block payer
              </Button>
            </div>
          </form>
        </div>
        <div aria-live="polite">
          {props.loading ? (
            <Spinner label="Loading the blocks" />
          ) : props.error ? (
            <p role="alert" className="py-6 text-center text-red-700">
              Could not load the blocks: {errorMessage(props.error, 'please reload the page')}
            </p>
          ) : list && list.length === 0 ? (
            <p className="py-6 text-center text-slate-600">Nothing is blocked</p>
          ) : list ? (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Blocked">
              {list.map((block) => (
                <li key={block.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {BLOCK_KIND_LABELS[block.kind]}: <span className="font-normal">{block.label}</span>
                    </p>
                    <p className="text-slate-600">
                      Blocked {SOURCE_LABELS[block.source] ?? block.source},{' '}
                      <time dateTime={block.createdAt}>{formatDateTime(block.createdAt)}</time>
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    aria-label={`Remove the block: ${BLOCK_KIND_LABELS[block.kind]}, ${block.label}`}
                    onClick={() => run({ remove: block.id })}
                  >
                    {busy({ remove: block.id }) ? 'Removing...' : 'Remove'}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
