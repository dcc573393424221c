// Field, rendered to HTML: the label names the control, the error and hint are linked by aria-describedby,
// aria-invalid only while there is an error. (Focus on the first error: tests/e2e/forms.test.ts.)
import { renderToStaticMarkup } from 'react-dom/server';
import { Field } from '../../src/client/components/ui/field.js';
import { Input } from '../../src/client/components/ui/input.js';

/** The attributes of the first element with this tag, and the text of every element by id. */
function parse(html: string) {
  const attrs = (tag: string) => {
    const m = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
    if (!m) return null;
    return Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
  };
  const textOf = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
  return { attrs, textOf };
}

describe('Field', () => {
  it('links the error (first) and the hint to the control and marks it invalid', () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email" required hint="We never share it." error="Please enter a valid email address">
        {(control) => <Input {...control} name="email" />}
      </Field>,
    );
    const { attrs, textOf } = parse(html);
    const input = attrs('input')!;
    expect(input.id).toBe('email');
    expect(attrs('label')!.for).toBe('email');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-required']).toBe('true');
    expect(input['aria-describedby']).toBe('email-error email-hint');
    expect(textOf('email-error')).toBe('Please enter a valid email address');
    expect(textOf('email-hint')).toBe('We never share it.');
    // The error border replaces the normal one.
    expect(input.class!.split(' ')).toContain('border-red-700');
    expect(input.class!.split(' ')).not.toContain('border-slate-400');
    // The required mark is for the eye only; aria-required says it to screen readers.
    expect(html).toMatch(/<span class="text-red-700" aria-hidden="true"> \*<\/span>/);
  });

  it('has no error element, no aria-invalid and only its other descriptions without an error', () => {
    const html = renderToStaticMarkup(
      <Field id="note" label="Note" describedBy="note-count" error={null}>
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = parse(html).attrs('input')!;
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-required']).toBeUndefined();
    expect(input['aria-describedby']).toBe('note-count');
    expect(html).not.toContain('note-error');
    expect(html).not.toContain('aria-hidden');
  });

  it('generates an id when none is given, shared by label, control and error', () => {
    const html = renderToStaticMarkup(
      <Field label="Name" error="Name is required">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const { attrs, textOf } = parse(html);
    const id = attrs('input')!.id!;
    expect(id).toBeTruthy();
    expect(attrs('label')!.for).toBe(id);
    expect(attrs('input')!['aria-describedby']).toBe(`${id}-error`);
    expect(textOf(`${id}-error`)).toBe('Name is required');
  });
});
