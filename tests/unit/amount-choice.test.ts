// The landing form's amount choice as form fields and as the recipient step's address (a choice made before the
// landing page's scripts ran arrives as a GET query), and what the recipient step does with it.
import {
  amountChoiceQuery,
  amountProblem,
  choiceAmount,
  choiceForAmount,
  readAmountChoice,
} from '../../src/client/lib/amount-choice.js';
import { arrivingAmount } from '../../src/client/lib/gift-navigation.js';

const query = (search: string) => new URLSearchParams(search);

describe('the amount choice', () => {
  it('reads a preset or Custom with its text, and nothing else', () => {
    expect(readAmountChoice(query('amount=50'))).toEqual({ option: '50', customText: '' });
    expect(readAmountChoice(query('amount=50&customAmount=7'))).toEqual({ option: '50', customText: '' });
    expect(readAmountChoice(query('amount=custom&customAmount=12.34'))).toEqual({
      option: 'custom',
      customText: '12.34',
    });
    expect(readAmountChoice(query('amount=custom'))).toEqual({ option: 'custom', customText: '' });
    for (const none of ['', 'amount=', 'amount=49', 'amount=abc', 'customAmount=20']) {
      expect(readAmountChoice(query(none)), none).toBeNull();
    }
  });

  it('reads the same from a form’s fields', () => {
    const fields = new Map([
      ['amount', 'custom'],
      ['customAmount', '20'],
    ]);
    expect(readAmountChoice(fields)).toEqual({ option: 'custom', customText: '20' });
  });

  it('answers the amount in dollars, cut to the cent; 0 for nothing or no number', () => {
    expect(choiceAmount({ option: '100', customText: '' })).toBe(100);
    expect(choiceAmount({ option: 'custom', customText: '12.349' })).toBe(12.34);
    expect(choiceAmount({ option: 'custom', customText: '' })).toBe(0);
    expect(choiceAmount({ option: 'custom', customText: '-3' })).toBe(0);
    expect(choiceAmount({ option: '', customText: '' })).toBe(0);
  });

  it('shows a saved amount as its preset or as Custom', () => {
    expect(choiceForAmount(25)).toEqual({ option: '25', customText: '' });
    expect(choiceForAmount(12.5)).toEqual({ option: 'custom', customText: '12.5' });
    expect(choiceForAmount(0)).toEqual({ option: '', customText: '' });
  });

  it('states the minimum and the maximum', () => {
    expect(amountProblem(4.99)).toBe('The minimum gift is $5.00.');
    expect(amountProblem(5)).toBeNull();
    expect(amountProblem(950_000)).toBeNull();
    expect(amountProblem(950_000.01)).toMatch(/^The maximum gift is \$950,000\.00/);
  });

  it('writes a choice back as a query', () => {
    expect(amountChoiceQuery({ option: '50', customText: '' })).toBe('?amount=50');
    expect(amountChoiceQuery({ option: 'custom', customText: '4' })).toBe('?amount=custom&customAmount=4');
  });
});

describe('the recipient step reached by the landing form before its scripts ran', () => {
  it('takes a valid amount from the address', () => {
    expect(arrivingAmount('?amount=50')).toEqual({ amount: 50 });
    expect(arrivingAmount('?amount=custom&customAmount=12.34')).toEqual({ amount: 12.34 });
  });

  it('sends a choice that cannot be given back to the landing page, with the choice', () => {
    expect(arrivingAmount('?amount=custom&customAmount=4')).toEqual({ back: '/?amount=custom&customAmount=4' });
    expect(arrivingAmount('?amount=custom&customAmount=')).toEqual({ back: '/?amount=custom&customAmount=' });
    expect(arrivingAmount('?amount=custom&customAmount=1000000')).toEqual({
      back: '/?amount=custom&customAmount=1000000',
    });
  });

  it('ignores an address without a choice', () => {
    expect(arrivingAmount('')).toBeNull();
    expect(arrivingAmount('?amount=7')).toBeNull();
  });
});
