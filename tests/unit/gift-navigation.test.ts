// Every Back / Skip / Continue branch and page redirect of the sender flow.
import { EMPTY_DRAFT, type GiftDraft } from '../../src/client/lib/gift-draft.js';
import {
  guardRedirect,
  messageBack,
  messageNext,
  messageSkip,
  recipientBack,
  recipientNext,
  reviewBack,
  securityBack,
  securityNext,
  securitySkip,
} from '../../src/client/lib/gift-navigation.js';

const choices = (wantsPersonalMessage: boolean, wantsSecurityQuestion: boolean) => ({
  wantsPersonalMessage,
  wantsSecurityQuestion,
});
const ALL: Array<[boolean, boolean]> = [
  [true, true],
  [true, false],
  [false, true],
  [false, false],
];

describe('recipient page', () => {
  it.each([
    [true, true, '/gift/personal-message'],
    [true, false, '/gift/personal-message'],
    [false, true, '/gift/security'],
    [false, false, '/gift/review'],
  ])('Continue with message=%s security=%s goes to %s', (m, s, to) => {
    expect(recipientNext(choices(m, s))).toBe(to);
  });
  it('Back goes to the landing page', () => expect(recipientBack()).toBe('/'));
});

describe('personal message page', () => {
  it.each([
    [true, '/gift/security'],
    [false, '/gift/review'],
  ])('Continue with security=%s goes to %s', (s, to) => {
    expect(messageNext(choices(true, s))).toBe(to);
  });
  it.each([
    [true, '/gift/security'],
    [false, '/gift/review'],
  ])('Skip with security=%s turns the message off, clears the note and goes to %s', (s, to) => {
    expect(messageSkip(choices(true, s))).toEqual({ to, change: { wantsPersonalMessage: false, personalNote: '' } });
  });
  it('Back goes to the recipient page', () => expect(messageBack()).toBe('/gift/recipient-info'));
});

describe('security question page', () => {
  it('Continue goes to review', () => expect(securityNext()).toBe('/gift/review'));
  it('Skip clears the security fields and goes to review', () => {
    expect(securitySkip()).toEqual({
      to: '/gift/review',
      change: { wantsSecurityQuestion: false, securityQuestion: '', customSecurityQuestion: '', securityAnswer: '' },
    });
  });
  it.each([
    [true, '/gift/personal-message'],
    [false, '/gift/recipient-info'],
  ])('Back with message=%s goes to %s', (m, to) => {
    expect(securityBack(choices(m, true))).toBe(to);
  });
});

describe('review page', () => {
  it.each([
    [true, true, '/gift/security'],
    [false, true, '/gift/security'],
    [true, false, '/gift/personal-message'],
    [false, false, '/gift/recipient-info'],
  ])('Back with message=%s security=%s goes to %s', (m, s, to) => {
    expect(reviewBack(choices(m, s))).toBe(to);
  });
});

describe('page redirects', () => {
  const ready = (change: Partial<GiftDraft> = {}): GiftDraft => ({
    ...EMPTY_DRAFT,
    amount: 50,
    recipientFirstName: 'Rita',
    recipientLastName: 'R',
    recipientEmail: 'rita@example.com',
    ...change,
  });

  it.each(['recipient', 'message', 'security', 'review'] as const)(
    '%s without a draft goes to the landing page',
    (step) => {
      expect(guardRedirect(step, null)).toBe('/');
      expect(guardRedirect(step, { ...EMPTY_DRAFT, amount: 0 })).toBe('/');
      expect(guardRedirect(step, { ...EMPTY_DRAFT, amount: 4.99 })).toBe('/');
    },
  );

  it('the recipient page shows once an amount is chosen', () => {
    expect(guardRedirect('recipient', { ...EMPTY_DRAFT, amount: 5 })).toBeNull();
  });

  it.each(['message', 'security', 'review'] as const)(
    '%s before the recipient is known goes to the recipient page',
    (step) => {
      expect(
        guardRedirect(step, ready({ recipientEmail: '  ', wantsPersonalMessage: true, wantsSecurityQuestion: true })),
      ).toBe('/gift/recipient-info');
    },
  );

  it.each(ALL)('with message=%s security=%s, the message and security pages show only when chosen', (m, s) => {
    const draft = ready(choices(m, s));
    expect(guardRedirect('message', draft)).toBe(m ? null : '/gift/review');
    expect(guardRedirect('security', draft)).toBe(s ? null : '/gift/review');
    expect(guardRedirect('review', draft)).toBeNull();
  });
});
