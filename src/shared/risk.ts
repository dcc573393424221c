// What the sender and the recipient are told about a gift held for a risk review (decision 024): that it is
// being checked, never why; and, when an operator rejects it, that it could not be completed, nothing more.
export const HELD_GIFT_TEXT = 'Your gift is being checked. This usually takes less than one business day.';
export const REJECTED_GIFT_TEXT = 'This gift could not be completed.';
