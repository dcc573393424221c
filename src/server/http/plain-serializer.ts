// Answers whose contract is a flat object of plain fields (strings, booleans, finite numbers, enums, literals, each
// maybe nullable or optional) are written by a function planned once from the zod schema: each field's type is
// checked and its JSON written in the schema's order, as zod's encode followed by JSON.stringify would write it.
// zod's path cost ≈ 3 % of a claim lookup's CPU (docs/benchmarks.md). Anything else, and any value that fails a
// check, goes to zod's own serializer, which refuses it with the error it always gave: a wrong type never leaves.
import type { z } from 'zod';
import { jsonString } from './json-text.js';
import { defOf, type ZodDef } from './zod-def.js';

type Json = (value: unknown) => string | undefined; // undefined: the value does not fit; let zod say why

interface Field {
  key: string;
  /** `"key":` as JSON. */
  prefix: string;
  json: Json;
  optional: boolean;
}

const stringJson: Json = (v) => (typeof v === 'string' ? jsonString(v) : undefined);
const booleanJson: Json = (v) => (v === true ? 'true' : v === false ? 'false' : undefined);
const numberJson: Json = (v) => (typeof v === 'number' && Number.isFinite(v) ? JSON.stringify(v) : undefined);

/** How one field is written, or null when it is not plain (a check, a transform, an object, an array…). */
function fieldJson(def: ZodDef): { json: Json; optional: boolean } | null {
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

/**
 * A serializer for `schema`: the planned one when the schema is a flat object of plain fields, else `viaZod`.
 * The plan is compiled once into one function (as db/raw-read.ts compiles its rows): each field read by its own name
 * and its JSON joined in schema order. A loop over the fields read each by a computed key, a megamorphic load per
 * field, and called each field's writer through one shared call site: ≈ 2k instructions of a claim lookup, twice what
 * fast-json-stringify's compiled function takes for the same answer (docs/benchmarks.md, "Session 18").
 */
export function plainSerializer(schema: z.ZodType | unknown, viaZod: (data: unknown) => string) {
  const fields = plainFields(schema);
  if (!fields) return viaZod;
  // Only the schema's own keys, written as JSON strings, reach this source; the writers are passed in, not printed.
  const lines: string[] = [];
  let surelyWritten = false; // whether a field before this one is always written (then a comma always precedes)
  fields.forEach((field, i) => {
    const key = JSON.stringify(field.key);
    const prefix = JSON.stringify(field.prefix);
    lines.push(`const v${i} = data[${key}];`);
    const comma = surelyWritten ? `","` : `(out === "" ? "" : ",")`;
    if (field.optional) {
      lines.push(
        `if (v${i} !== undefined) { const j = w${i}(v${i}); if (j === undefined) return viaZod(data); out += ${comma} + ${prefix} + j; }`,
      );
    } else {
      lines.push(`const j${i} = w${i}(v${i});`, `if (j${i} === undefined) return viaZod(data);`);
      lines.push(`out += ${comma} + ${prefix} + j${i};`);
      surelyWritten = true;
    }
  });
  const source = `return function planned(data) {
    if (typeof data !== "object" || data === null) return viaZod(data);
    let out = "";
    ${lines.join('\n    ')}
    return "{" + out + "}";
  };`;
  // Each field's writer is a parameter of its own, so each call site sees one function.
  const make = new Function('viaZod', ...fields.map((_, i) => `w${i}`), source) as (
    zod: typeof viaZod,
    ...writers: Json[]
  ) => (data: unknown) => string;
  return make(viaZod, ...fields.map((f) => f.json));
}
