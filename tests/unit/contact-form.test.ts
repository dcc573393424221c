// The contact form as the browser posts it without scripts (POST /contact): read with the same schema as
// POST /api/contact, the first problem of each field in the schema's words, and the values as typed.
import { readContactForm } from '../../src/shared/schemas/contact.js';

const FILLED = {
  name: 'Robin  Reader',
  email: ' robin@example.com ',
  category: 'refund',
  subject: 'About my\ngift',
  message: 'Hello',
  website: '',
};

describe('readContactForm', () => {
  it('answers the message the API would accept, and the values as typed', () => {
    const form = readContactForm(FILLED);
    expect(form).toEqual({
      ok: true,
      message: {
        name: 'Robin Reader',
        email: 'robin@example.com',
        category: 'refund',
        subject: 'About my gift',
        message: 'Hello',
        website: '',
      },
      values: {
        name: 'Robin  Reader',
        email: ' robin@example.com ',
        category: 'refund',
        subject: 'About my\ngift',
        message: 'Hello',
      },
    });
  });

  it('names the first problem of each field, as the form in the app does', () => {
    const form = readContactForm({ ...FILLED, name: '  ', email: 'not-an-address', category: '', message: '' });
    expect(form.ok).toBe(false);
    expect(!form.ok && form.errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      category: 'Category is required',
      message: 'Message is required',
    });
    expect(form.values.email).toBe('not-an-address');
  });

  it('treats missing or non-text fields as empty, and ignores fields it does not know', () => {
    const form = readContactForm({ name: ['a', 'b'], extra: 'x' });
    expect(form.ok).toBe(false);
    expect(form.values).toEqual({ name: '', email: '', category: '', subject: '', message: '' });
    expect(!form.ok && Object.keys(form.errors)).toEqual(['name', 'email', 'category', 'subject', 'message']);
  });

  it('passes a filled honeypot on, for the service to drop the message', () => {
    const form = readContactForm({ ...FILLED, website: 'https://spam.example' });
    expect(form.ok && form.message.website).toBe('https://spam.example');
  });
});
