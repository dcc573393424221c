// Path parameters whose contract is an object of plain strings, each held only to patterns (claim tokens, public ids,
// row ids), are checked by a function planned once from the zod schema: a type check and a pattern test per field.
// zod's own parse is the same answer with more steps on every request of the hottest routes (decision 036). A value
// that fails is handed to zod, which refuses it with the error it always gave; any other schema is zod's alone.
import { defOf, type ZodDef } from './zod-def.js';

interface Field {
  key: string;
  patterns: RegExp[];
}

/** The field's patterns when it is a plain string held only to patterns; null otherwise. */
function stringPatterns(def: ZodDef | undefined): RegExp[] | null {
  if (def?.type !== 'string') return null;
  const patterns: RegExp[] = [];
  for (const check of def.checks ?? []) {
    const c = check._zod?.def;
    if (c?.check !== 'string_format' || c.format !== 'regex' || !(c.pattern instanceof RegExp)) return null;
    patterns.push(c.pattern);
  }
  return patterns;
}

/**
 * A check of the parameters against `schema`, answering the value zod would (an object of the schema's keys alone),
 * or undefined when zod must say what is wrong; null when the schema is not of that plain kind.
 */
export function plannedParamsCheck(schema: unknown): ((data: unknown) => Record<string, string> | undefined) | null {
  const def = defOf(schema);
  if (def?.type !== 'object' || !def.shape || def.catchall !== undefined) return null;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const patterns = stringPatterns(field._zod.def);
    if (!patterns) return null;
    fields.push({ key, patterns });
  }
  return (data) => {
    if (typeof data !== 'object' || data === null) return undefined;
    const value: Record<string, string> = {};
    for (const { key, patterns } of fields) {
      const text = (data as Record<string, unknown>)[key];
      if (typeof text !== 'string') return undefined;
      for (const pattern of patterns) {
        pattern.lastIndex = 0; // as zod does: a global pattern keeps its place between tests
        if (!pattern.test(text)) return undefined;
      }
      value[key] = text;
    }
    return value;
  };
}
