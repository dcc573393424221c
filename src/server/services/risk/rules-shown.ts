// The risk rules as the admin's "Risk rules" page shows them (read-only): each value in force and the setting
// that changes it (docs/risk.md says why each default).
import type { Config } from '../../config.js';
import { formatUsd } from '../../../shared/money.js';
import type { RiskRules } from '../../../shared/schemas/admin-risk.js';

const hours = (ms: number) => `${ms / 3_600_000} hours`;

export function riskRules(config: Pick<Config, 'risk'>): RiskRules {
  const r = config.risk;
  return {
    rules: [
      {
        name: 'Gifts per payer before a hold',
        value: `${r.velocityGifts} in ${hours(r.velocityWindowMs)}`,
        setting: 'RISK_VELOCITY_GIFTS',
      },
      {
        name: 'Amount per payer before a hold',
        value: `${formatUsd(r.velocityCents)} in ${hours(r.velocityWindowMs)}`,
        setting: 'RISK_VELOCITY_CENTS',
      },
      { name: "Gift to the payer's own e-mail", value: 'held', setting: null },
      {
        name: 'Claim from the payment’s client address',
        value: r.sameClientClaimMs > 0 ? `held within ${hours(r.sameClientClaimMs)} of payment` : 'off',
        setting: 'RISK_SAME_CLIENT_CLAIM_HOURS',
      },
      { name: 'Provider rates the payment elevated', value: 'held', setting: null },
      { name: 'Provider rates the payment highest', value: 'refunded in full at once', setting: null },
      {
        name: 'Large gift',
        value: `from ${formatUsd(r.largeGiftCents)}: 3-D Secure, payout ${hours(r.largeGiftWaitMs)} after payment`,
        setting: 'RISK_LARGE_GIFT_CENTS',
      },
      {
        name: 'Declined payments before checkouts are refused',
        value: `${r.failedPaymentsPerHour} in 1 hour, per client address and per payer e-mail`,
        setting: 'RISK_FAILED_PAYMENTS_PER_HOUR',
      },
      {
        name: 'Early fraud warning',
        value: 'before the payout: refunded in full; after it: attention list and the payer blocked',
        setting: null,
      },
      { name: 'Blocked payer', value: 'refunded in full at once', setting: null },
      { name: 'Blocked recipient address', value: 'new gifts refused before payment', setting: null },
    ],
  };
}
