// The form pages load their schema lazily (src/client/lib/lazy-zod-resolver.ts): the resolver must validate exactly
// as zodResolver with the same schema, load the schema once, and not before it is needed.
import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazyZodSchema } from '../../src/client/lib/lazy-zod-resolver';
import { recipientStepSchema, securityStepSchema } from '../../src/shared/schemas/gift-steps';
import { CUSTOM_QUESTION_OPTION } from '../../src/shared/constants';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodSchema', () => {
  it('answers what zodResolver answers, for valid and invalid values', async () => {
    const lazy = lazyZodSchema(() => Promise.resolve(securityStepSchema));
    const eager = zodResolver(securityStepSchema);
    const cases = [
      {
        securityQuestion: CUSTOM_QUESTION_OPTION,
        customSecurityQuestion: '  Where did we meet? ',
        securityAnswer: 'Paris',
      },
      { securityQuestion: CUSTOM_QUESTION_OPTION, customSecurityQuestion: '', securityAnswer: 'Paris' },
      { securityQuestion: '', customSecurityQuestion: '', securityAnswer: '' },
    ];
    for (const values of cases) {
      const [a, b] = await Promise.all([lazy.resolver(values, undefined, options), eager(values, undefined, options)]);
      expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(b)));
    }
    const valid = await lazy.resolver(cases[0]!, undefined, options);
    expect(valid.values).toMatchObject({ customSecurityQuestion: 'Where did we meet?' });
    const invalid = await lazy.resolver(cases[1]!, undefined, options);
    expect(Object.keys(invalid.errors)).toEqual(['customSecurityQuestion']);
  });

  it('loads the schema at the first validation, once', async () => {
    const load = vi.fn(() => Promise.resolve(recipientStepSchema));
    const lazy = lazyZodSchema(load);
    expect(load).not.toHaveBeenCalled();
    const values = {
      recipientFirstName: 'Rita',
      recipientLastName: 'Moreno',
      recipientEmail: 'rita@example.com',
      wantsPersonalMessage: false,
      wantsSecurityQuestion: false,
    };
    await Promise.all([lazy.resolver(values, undefined, options), lazy.resolver(values, undefined, options)]);
    await lazy.resolver({ ...values, recipientEmail: 'not an e-mail' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
