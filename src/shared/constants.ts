// Business constants of the product spec §9, in one place for server and client.

export const FEE_PERCENT = 5;
export const FEE_FIXED_CENTS = 30;
export const FEE_PROCESSING_PERCENT = '2.9';
export const FEE_PLATFORM_PERCENT = '2.1';

export const PRESET_AMOUNTS = [25, 50, 100] as const;
export const MIN_GIFT_CENTS = 500;
/** The provider's per-charge limit. */
export const MAX_GIFT_CENTS = 99_999_999;
export const TIP_PRESETS = [0, 1, 3, 5] as const;
export const DEFAULT_TIP = 1;
/** Documented upper bound on a platform tip: $1,000.00. */
export const MAX_TIP_CENTS = 100_000;

export const PERSONAL_NOTE_MAX = 500;
export const CUSTOM_QUESTION_MAX = 200;
export const SECURITY_ANSWER_MAX = 100;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ADMIN_PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const CLAIM_WINDOW_DAYS = 30;
export const ONBOARDING_GRACE_DAYS = 7;
export const WRONG_ANSWER_LIMIT = 5;
export const WRONG_ANSWER_LOCK_MINUTES = 60;

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
  "What is your favorite coffee shop?",
  "What is your favorite movie?",
  "What is your pet's name?",
  "What is your favorite restaurant?",
  "What is your middle name?",
  "What is your favorite color?",
  "What is your favorite book?",
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
