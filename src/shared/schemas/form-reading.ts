// A form the browser posts itself (before or without the page's scripts: form-encoded, every value a string),
// checked with the same schema as its JSON API: the parsed input, or the first problem of each field; the values as
// typed either way, so the page answering it shows them back and nothing typed is lost.
import type { z } from 'zod';

export type FormValues<Field extends string> = Record<Field, string>;
/** The first problem of each field, in the schema's words. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type FormReading<Field extends string, Output> =
  | { ok: true; data: Output; values: FormValues<Field> }
  | { ok: false; values: FormValues<Field>; errors: FieldErrors<Field> };

/** Reads `fields` (and `extra`, checked but never shown back) from a posted body with `schema`. */
export function readPostedForm<Field extends string, Schema extends z.ZodType>(
  schema: Schema,
  fields: readonly Field[],
  body: Record<string, unknown>,
  extra: readonly string[] = [],
): FormReading<Field, z.output<Schema>> {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const values = Object.fromEntries(fields.map((key) => [key, text(key)])) as FormValues<Field>;
  const result = schema.safeParse({ ...values, ...Object.fromEntries(extra.map((key) => [key, text(key)])) });
  if (result.success) return { ok: true, data: result.data, values };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const key = fields.find((field) => field === issue.path[0]);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, values, errors };
}
