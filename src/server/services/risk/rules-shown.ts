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
    ],
  };
}
