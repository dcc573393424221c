// The gift card of the claim page: greeting, amount, "Anonymous Gift", the note (when no question keeps it back),
// the security question, "Claim Your Gift" and "Report this gift". Nothing about the sender is known here, by design.
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { SECURITY_ANSWER_MAX } from '../../../shared/constants';
import type { ClaimLookup } from '../../../shared/schemas/claim-contract';
import { ANSWER_HINT, GiftSummary } from './gift-summary';
import { ClaimCardEnd } from './claim-card-end';

export function ClaimGiftCard({
  gift,
  claiming,
  onClaim,
  reportAction,
}: {
  gift: ClaimLookup;
  claiming: boolean;
  onClaim: (securityAnswer: string | undefined) => void;
  /** Where "Report this gift" posts; none in the review step's preview. */
  reportAction?: string;
}) {
  // No zod resolver here (decision 010): the only rules are "not blank", which keeps Claim disabled, and the
  // length the input itself limits; the server checks the answer. zod would add 25 KB to the recipient's page.
  const { register, handleSubmit, control } = useForm({ defaultValues: { securityAnswer: '' } });
  const answer = useWatch({ control, name: 'securityAnswer' });
  const canClaim = !claiming && (!gift.hasSecurityQuestion || answer.trim().length > 0);
  const submit = handleSubmit(({ securityAnswer }) => {
    if (canClaim) onClaim(gift.hasSecurityQuestion ? securityAnswer : undefined);
  });
  return (
    <Card className="text-center">
      <GiftSummary gift={gift} />
      <form className="mt-6 text-left" onSubmit={submit} noValidate>
        {gift.hasSecurityQuestion ? (
          <Field label={gift.securityQuestion} required hint={ANSWER_HINT}>
            {(props) => (
              <Input {...props} {...register('securityAnswer')} maxLength={SECURITY_ANSWER_MAX} autoComplete="off" />
            )}
          </Field>
        ) : null}
        <Button type="submit" size="lg" className="mt-4 w-full" disabled={!canClaim}>
          {claiming ? 'Claiming...' : 'Claim Your Gift'}
        </Button>
      </form>
      <ClaimCardEnd reportAction={reportAction} />
    </Card>
  );
}
