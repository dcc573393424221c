// The product facts the information pages state, derived from the shared constants so the words stay true.
import {
  CLAIM_WINDOW_DAYS,
  MAX_CHARGE_CENTS,
  MAX_GIFT_CENTS,
  MIN_GIFT_CENTS,
  RETENTION_GIFT_DATA_DAYS,
  RETENTION_PAYMENT_RECORD_YEARS,
  RETENTION_SECURITY_LOG_DAYS,
  RETENTION_SUPPORT_DAYS,
  SUPPORT_EMAIL_PUBLIC,
  WRONG_ANSWER_FREEZE_TOTAL,
  WRONG_ANSWER_LATER_LOCK_HOURS,
  WRONG_ANSWER_LIMIT,
  WRONG_ANSWER_LOCK_MINUTES,
} from '../../../shared/constants';
import { formatUsd } from '../../../shared/money';

export const FACTS = {
  claimWindow: `${CLAIM_WINDOW_DAYS} days`,
  minGift: formatUsd(MIN_GIFT_CENTS),
  maxGift: formatUsd(MAX_GIFT_CENTS),
  maxCharge: formatUsd(MAX_CHARGE_CENTS),
  payoutAfterClaim: 'within 24 hours',
  bankArrival: '1–2 business days',
  transferAfterVerification: 'about a minute',
  wrongAnswerLimit: WRONG_ANSWER_LIMIT,
  wrongAnswerLock: WRONG_ANSWER_LOCK_MINUTES === 60 ? 'one hour' : `${WRONG_ANSWER_LOCK_MINUTES} minutes`,
  wrongAnswerLaterLock: `${WRONG_ANSWER_LATER_LOCK_HOURS} hours`,
  wrongAnswerFreezeTotal: WRONG_ANSWER_FREEZE_TOTAL,
  supportEmail: SUPPORT_EMAIL_PUBLIC,
  urgentResponse: '2 hours',
  supportResponse: '48 hours',
  legalResponse: '48 hours',
  privacyResponse: '30 days',
  retention: {
    giftData: `${RETENTION_GIFT_DATA_DAYS} days`,
    paymentRecords: `${RETENTION_PAYMENT_RECORD_YEARS} years`,
    support: `${Math.round(RETENTION_SUPPORT_DAYS / 365)} years`,
    securityLogs: RETENTION_SECURITY_LOG_DAYS === 365 ? '1 year' : `${RETENTION_SECURITY_LOG_DAYS} days`,
  },
} as const;
