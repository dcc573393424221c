// The claim page's error toasts and the verification page's status wording.
import { ApiError } from '../../src/client/lib/api.js';
import { claimErrorText } from '../../src/client/features/claim/claim-errors.js';
import { statusWording } from '../../src/client/features/claim/status-wording.js';

const server = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), 'Bad Request');

describe('claim error toasts', () => {
  it('maps the three claim messages to the words a recipient reads', () => {
    expect(claimErrorText(server(400, 'Incorrect security answer'))).toBe(
      'The answer to your security question is incorrect',
    );
    expect(claimErrorText(server(400, 'Security answer is required'))).toBe(
      'Please provide an answer to the security question',
    );
    expect(claimErrorText(server(400, 'Gift payment has not been completed'))).toBe(
      'Gift payment has not been completed yet',
    );
  });

  it('shows any other server message, or "Failed to claim gift" when there is none', () => {
    expect(claimErrorText(server(429, 'Too many incorrect answers. Please try again in 1 hour.'))).toBe(
      'Too many incorrect answers. Please try again in 1 hour.',
    );
    expect(claimErrorText(new ApiError(500, '', 'Internal Server Error'))).toBe('Failed to claim gift');
    expect(claimErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(claimErrorText(undefined)).toBe('Failed to claim gift');
  });
});

describe('verification status wording', () => {
  const of = (status: string, pending = 0) =>
    statusWording({ status, stripeAccount: { requirements_pending: pending } } as never);

  it('words each onboarding status', () => {
    expect(of('completed').text).toMatch(/within 1-2 business days/);
    expect(of('transfer_pending').text).toMatch(/transferred automatically within about a minute/);
    expect(of('setup_required', 3).text).toMatch(/3 requirements pending/);
    expect(of('setup_required', 1).text).toMatch(/1 requirement pending/);
    expect(of('setup_required', 0).text).not.toMatch(/pending/);
    expect(of('verifying').title).toBe('Verifying your information');
  });

  it('words a gift held or taken back by a card dispute without naming it', () => {
    expect(of('on_hold')).toMatchObject({ title: 'Your gift is on hold', tone: 'progress' });
    expect(of('unavailable')).toMatchObject({ title: 'This gift is no longer available', tone: 'ended' });
    for (const status of ['on_hold', 'unavailable']) expect(JSON.stringify(of(status))).not.toMatch(/dispute/i);
  });

  it('words a gift seen without its claim session: only its status, and how to continue', () => {
    const paid = statusWording({ status: 'paid' });
    expect(paid.title).toBe('Open your claim link to continue');
    expect(paid.text).toMatch(/browser where you answered your security question/);
    expect(statusWording({ status: 'setup_required' }).text).not.toMatch(/pending/);
  });

  it('shows anything else as processing', () => {
    expect(of('something_new').title).toBe('Processing');
    expect(statusWording(undefined).title).toBe('Processing');
  });
});
