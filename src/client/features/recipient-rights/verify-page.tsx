// /verify (issue 25 point 2): type the code from a gift e-mail; the answer says whether a real gift has it (the
// amount, "from a friend", the expiry), never with a link to claim it and never the recipient's address.
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { formatUsd, parseMoney } from '../../../shared/money';
import type { RecipientPageView } from '../../../shared/recipient-page';
import { VERIFY_CODE_FIELD, VERIFY_PAGE_PATH, type VerifyResponse } from '../../../shared/schemas/recipient-rights';

const expiryDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function Result({ result }: { result: VerifyResponse }) {
  if (!result.found)
    return (
      <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-left text-red-900">
        <p className="font-semibold">{result.message}</p>
      </div>
    );
  return (
    <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-left text-green-900">
      <p className="font-semibold">This is a real Hushgift gift.</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Amount</dt>
        <dd className="font-semibold">{formatUsd(parseMoney(result.amount) ?? 0)}</dd>
        <dt>From</dt>
        <dd>{result.from}</dd>
        <dt>{result.claimable ? 'Expires' : 'Expired or closed'}</dt>
        <dd>{expiryDate(result.expiresAt)}</dd>
      </dl>
      <p className="mt-2">{result.message}.</p>
    </div>
  );
}

export function VerifyPage({ view }: { view: Extract<RecipientPageView, { kind: 'verify' }> }) {
  const errorId = 'verify-error';
  return (
    <Card>
      <h1 className="text-2xl font-bold">Is this gift e-mail real?</h1>
      <p className="mt-2 text-slate-700">
        Every Hushgift claim e-mail ends with a verification code like <span className="font-mono">ABCD-2345</span>.
        Type it here to check that a real gift has it. Came here by clicking a link in the e-mail? Then type this
        page&apos;s address yourself next time: a fake e-mail can link to a fake page.
      </p>
      <form className="mt-6" method="post" action={VERIFY_PAGE_PATH}>
        {view.error ? (
          <p id={errorId} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
            {view.error}
          </p>
        ) : null}
        <Field id="verify-code" label="Verification code" required describedBy={view.error ? errorId : undefined}>
          {(control) => (
            <Input
              {...control}
              name={VERIFY_CODE_FIELD}
              defaultValue={view.code ?? ''}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              aria-invalid={view.error ? true : undefined}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="mt-4 w-full">
          Check code
        </Button>
      </form>
      {view.result ? <Result result={view.result} /> : null}
    </Card>
  );
}
