// Business constants (fee, limits, retention, timeouts), in one place for server and client.

export const FEE_PERCENT = 5;
export const FEE_FIXED_CENTS = 30;
export const FEE_PROCESSING_PERCENT = '2.9';
export const FEE_PLATFORM_PERCENT = '2.1';

export const PRESET_AMOUNTS = [25, 50, 100] as const;
export const MIN_GIFT_CENTS = 500;
/** The card provider's per-charge maximum: gift, fee and tip are one charge. */
export const MAX_CHARGE_CENTS = 99_999_999;
/** The largest gift: with its fee and the largest tip it still fits in one charge (checked in a unit test). */
export const MAX_GIFT_CENTS = 95_000_000;
export const TIP_PRESETS = [0, 1, 3, 5] as const;
export const DEFAULT_TIP = 1;
/** Documented upper bound on a platform tip: $1,000.00. */
export const MAX_TIP_CENTS = 100_000;

export const PERSONAL_NOTE_MAX = 500;
export const CUSTOM_QUESTION_MAX = 200;
export const SECURITY_ANSWER_MAX = 100;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ADMIN_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

export const CLAIM_WINDOW_DAYS = 30;
export const ONBOARDING_GRACE_DAYS = 7;
export const WRONG_ANSWER_LIMIT = 5;
/** The first lock after WRONG_ANSWER_LIMIT wrong answers; every later one lasts WRONG_ANSWER_LATER_LOCK_HOURS. */
export const WRONG_ANSWER_LOCK_MINUTES = 60;
export const WRONG_ANSWER_LATER_LOCK_HOURS = 24;
/** After this many wrong answers in total the gift is frozen until an operator looks at it. */
export const WRONG_ANSWER_FREEZE_TOTAL = 15;

export const STATUS_POLL_MS = 5000;
export const ROTATE_INTERVAL_MS = 2500;
export const ROTATE_TRANSITION_MS = 250;
export const ROTATING_WORDS = [
  'awkward',
  'embarrassing',
  'complicated',
  'difficult',
  'scary',
  'stressful',
  'transactional',
] as const;

export const DONOR_RECENT_COUNT = 5;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export const RETENTION_GIFT_DATA_DAYS = 60;
export const RETENTION_PAYMENT_RECORD_YEARS = 7;
export const RETENTION_SUPPORT_DAYS = 730;
export const RETENTION_SECURITY_LOG_DAYS = 365;

export const SUPPORT_EMAIL_PUBLIC = 'support@hushgift.app';
export const COPYRIGHT_YEAR = 2025;
export const LEGAL_LAST_UPDATED = 'July 9, 2025';

export const SECURITY_QUESTIONS = [
  'What is your favorite coffee shop?',
  'What is your favorite movie?',
  "What is your pet's name?",
  'What is your favorite restaurant?',
  'What is your middle name?',
  'What is your favorite color?',
  'What is your favorite book?',
] as const;
export const CUSTOM_QUESTION_OPTION = 'Custom question';

export const CONTACT_CATEGORIES = [
  'general',
  'technical',
  'payment',
  'gift-problem',
  'refund',
  'privacy',
  'feedback',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

// After payment (decision 016).
/** A scheduled gift is delivered at 09:00 in the sender's time zone, at most this many days ahead. */
export const DELIVERY_MAX_DAYS_AHEAD = 90;
export const DELIVERY_HOUR = 9;
/** Reminders to an unclaimed gift's recipient, in days before it expires, earliest first. */
export const REMINDER_DAYS_BEFORE = [7, 1] as const;
export const MAX_EMAIL_CORRECTIONS = 3;
export const RESEND_INTERVAL_HOURS = 24;
export const THANK_YOU_MAX = 500;

/** "Give together" (decision 026): the deadline an organiser picks, in whole days from now. */
export const TOGETHER_DEADLINE_MIN_DAYS = 1;
export const TOGETHER_DEADLINE_MAX_DAYS = 14;
/** The organiser's reminder goes this long before the deadline. */
export const TOGETHER_REMINDER_HOURS_BEFORE = 24;
