// What the planned serializer and the planned parameter check read of a zod schema: its definition, zod 4's
// `schema._zod.def` (plain-serializer.ts, planned-params.ts). Only the fields they look at are typed.
export interface ZodDef {
  type: string;
  /** A check's own definition: a pattern is `{ check: 'string_format', format: 'regex', pattern }`. */
  checks?: Array<{ _zod?: { def?: { check?: string; format?: string; pattern?: unknown } } }>;
  innerType?: { _zod: { def: ZodDef } };
  entries?: Record<string, unknown>;
  values?: unknown[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  catchall?: unknown;
}

/** The schema's definition, or undefined for anything that is not a zod schema. */
export const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
