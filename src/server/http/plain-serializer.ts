// Answers whose contract is a flat object of plain fields (strings, booleans, finite numbers, enums, literals, each
// maybe nullable or optional) are written by a function planned once from the zod schema: each field's type is
// checked and its JSON written in the schema's order, as zod's encode followed by JSON.stringify would write it.
// zod's path cost ≈ 3 % of a claim lookup's CPU (docs/benchmarks.md). Anything else, and any value that fails a
// check, goes to zod's own serializer, which refuses it with the error it always gave: a wrong type never leaves.
import type { z } from 'zod';
import { jsonString } from './json-text.js';

type Json = (value: unknown) => string | undefined; // undefined: the value does not fit; let zod say why

interface Field {
  key: string;
  /** `"key":` as JSON. */
  prefix: string;
  json: Json;
  optional: boolean;
}

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: { _zod: { def: Def } };
  entries?: Record<string, unknown>;
  values?: unknown[];
  shape?: Record<string, { _zod: { def: Def } }>;
  catchall?: unknown;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

const stringJson: Json = (v) => (typeof v === 'string' ? jsonString(v) : undefined);
const booleanJson: Json = (v) => (v === true ? 'true' : v === false ? 'false' : undefined);
const numberJson: Json = (v) => (typeof v === 'number' && Number.isFinite(v) ? JSON.stringify(v) : undefined);

/** How one field is written, or null when it is not plain (a check, a transform, an object, an array…). */
function fieldJson(def: Def): { json: Json; optional: boolean } | null {
  if (def.checks?.length) return null;
  switch (def.type) {
    case 'string':
      return { json: stringJson, optional: false };
    case 'boolean':
      return { json: booleanJson, optional: false };
    case 'number':
      return { json: numberJson, optional: false };
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []));
      if (![...allowed].every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
        return null;
      return { json: (v) => (allowed.has(v) ? JSON.stringify(v) : undefined), optional: false };
    }
    case 'nullable':
    case 'optional': {
      const inner = def.innerType && fieldJson(def.innerType._zod.def);
      if (!inner) return null;
      if (def.type === 'optional') return { json: inner.json, optional: true };
      return { json: (v) => (v === null ? 'null' : inner.json(v)), optional: inner.optional };
    }
    default:
      return null;
  }
}

/** The fields of a flat object schema, or null when it is not one. */
export function plainFields(schema: unknown): Field[] | null {
  const def = defOf(schema);
  if (!def || def.type !== 'object' || !def.shape || def.catchall !== undefined || def.checks?.length) return null;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const plan = fieldJson(field._zod.def);
    if (!plan) return null;
    fields.push({ key, prefix: `${JSON.stringify(key)}:`, ...plan });
  }
  return fields;
}

/** A serializer for `schema`: the planned one when the schema is a flat object of plain fields, else `viaZod`. */
export function plainSerializer(schema: z.ZodType | unknown, viaZod: (data: unknown) => string) {
  const fields = plainFields(schema);
  if (!fields) return viaZod;
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return viaZod(data);
    const record = data as Record<string, unknown>;
    let out = '{';
    for (const field of fields) {
      const value = record[field.key];
      if (value === undefined && field.optional) continue;
      const json = field.json(value);
      if (json === undefined) return viaZod(data);
      out += out.length === 1 ? field.prefix + json : `,${field.prefix}${json}`;
    }
    return `${out}}`;
  };
}
