// The landing page's amount choice as form fields. The form is a real GET form to the recipient step, so a choice
// made before the page's scripts have run still arrives there (`/gift/recipient-info?amount=50`, or
// `?amount=custom&customAmount=12.34`; an amount is not personal data). The same reader takes the choice from the
// form's own fields (what the person did before hydration) and from that address. Decision 007.
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_AMOUNTS } from '../../shared/constants';
import { MAX_GIFT_MESSAGE, dollarsToCents, formatUsd } from '../../shared/money';
import { parseDollarInput } from './gift-draft';

export const AMOUNT_FIELD = 'amount';
export const CUSTOM_AMOUNT_FIELD = 'customAmount';
export const CUSTOM_OPTION = 'custom';

/** The radio chosen ('' for none, a preset in dollars, or 'custom') and the text of the custom amount field. */
export interface AmountChoice {
  option: string;
  customText: string;
}

export const NO_CHOICE: AmountChoice = { option: '', customText: '' };

const PRESET_OPTIONS = PRESET_AMOUNTS.map(String);

/** The choice in a form's fields or an address's query; null when no known option is chosen. */
export function readAmountChoice(fields: { get(name: string): unknown }): AmountChoice | null {
  const option = fields.get(AMOUNT_FIELD);
  if (typeof option !== 'string' || !(option === CUSTOM_OPTION || PRESET_OPTIONS.includes(option))) return null;
  const custom = fields.get(CUSTOM_AMOUNT_FIELD);
  return { option, customText: option === CUSTOM_OPTION && typeof custom === 'string' ? custom : '' };
}

/** The chosen amount in dollars; 0 when nothing (or no number) is chosen. */
export function choiceAmount(choice: AmountChoice): number {
  if (choice.option === CUSTOM_OPTION) return parseDollarInput(choice.customText);
  return PRESET_OPTIONS.includes(choice.option) ? Number(choice.option) : 0;
}

/** How a saved amount shows in the form: its preset, or Custom with the amount typed. */
export function choiceForAmount(amount: number): AmountChoice {
  if (!(amount > 0)) return NO_CHOICE;
  return PRESET_OPTIONS.includes(String(amount))
    ? { option: String(amount), customText: '' }
    : { option: CUSTOM_OPTION, customText: String(amount) };
}

/** Why an amount (in dollars, above 0) cannot be given, in the words of the form; null when it can. */
export function amountProblem(amount: number): string | null {
  const cents = dollarsToCents(amount);
  if (cents < MIN_GIFT_CENTS) return `The minimum gift is ${formatUsd(MIN_GIFT_CENTS)}.`;
  if (cents > MAX_GIFT_CENTS) return MAX_GIFT_MESSAGE;
  return null;
}

/** The query that carries a choice back to the landing form (the recipient step refused its amount). */
export function amountChoiceQuery(choice: AmountChoice): string {
  const query = new URLSearchParams({ [AMOUNT_FIELD]: choice.option });
  if (choice.option === CUSTOM_OPTION) query.set(CUSTOM_AMOUNT_FIELD, choice.customText);
  return `?${query.toString()}`;
}
