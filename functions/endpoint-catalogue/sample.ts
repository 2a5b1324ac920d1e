import { z } from 'zod';

/**
 * A plausible value that a zod schema accepts, made by walking the schema's definition: the seed
 * the fuzzer mutates. Every string, number and list is checked with its own schema, so a field's
 * value is right or absent, never subtly wrong. Where a rule is beyond a walk (a real slug, a row
 * that must exist, a rule across fields), the endpoint's entry in overrides.ts gives the field, and
 * functions/endpoint-list.test.ts checks the finished sample against the route's schema.
 *
 * Why not a library: the maintained zod 4 faker (zod-schema-faker) needs @faker-js/faker, which
 * would go into the Worker's bundle, and makes random values; JSON-Schema fakers (fed by
 * z.toJSONSchema) see no refinement. A walk of zod 4's own definitions (`_zod.def`, the checks'
 * bounds) with a short list of realistic guesses, each tried against the schema, is a page of code.
 */
export function sampleOf(schema: z.core.$ZodType, options: SampleOptions = {}, name = ''): unknown {
  const value = walk(schema, options, name);
  if (accepts(schema, value)) return value;
  const guess = guesses(schema, name).find((g) => accepts(schema, g));
  // An object a rule of its own refuses (or with a field no guess fits) is still returned: its
  // endpoint's override completes it, and the test checks the result against the schema.
  return guess ?? (isRecord(value) ? value : undefined);
}

export interface SampleOptions {
  /**
   * Whether optional fields get a value: yes for a body (more fields for the fuzzer to mutate), no
   * for a query (an optional filter would only narrow the answer).
   */
  optionals?: boolean;
}

function accepts(schema: z.core.$ZodType, value: unknown) {
  if (value === undefined) return false;
  try {
    return z.safeParse(schema, value).success;
  } catch {
    // An asynchronous refinement cannot be checked here: such a field needs an override.
    return false;
  }
}

/** Whether a field may be left out of its object (optional, or with a default). */
const isOptional = (schema: z.core.$ZodType) => schema._zod.optin !== undefined;

/**
 * Whether a field holds a file (a multipart form's file: z.file(), or z.custom checking for File),
 * optional or not (a job application's CV may be a stored document's id instead).
 */
export const isFileField = (schema: z.core.$ZodType): boolean => {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === 'optional') return isFileField(def.innerType);
  return def.type === 'file' || def.type === 'custom';
};

function walk(schema: z.core.$ZodType, options: SampleOptions, name: string): unknown {
  // $ZodTypes is zod's union of its schema classes; its `def` is a union tagged by `type`.
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType, options, name);
    case 'pipe':
      // The request carries the pipe's input; a transform (z.preprocess) has none: then its output's.
      return sampleOf(def.in, options, name) ?? sampleOf(def.out, options, name);
    case 'lazy':
      return sampleOf(def.getter(), options, name);
    case 'object': {
      const entries = Object.entries(def.shape)
        .filter(([, field]) => options.optionals || !isOptional(field))
        .map(([key, field]) => [key, sampleOf(field, options, key)] as const)
        .filter(([, value]) => value !== undefined);
      return Object.fromEntries(entries);
    }
    case 'array': {
      const item = sampleOf(def.element, options, name);
      const min = Math.max(1, limits(schema).min ?? 1);
      return item === undefined ? [] : Array.from({ length: min }, () => item);
    }
    case 'tuple':
      return def.items.map((item) => sampleOf(item, options, name));
    case 'intersection': {
      const left = sampleOf(def.left, options, name);
      const right = sampleOf(def.right, options, name);
      return isRecord(left) && isRecord(right) ? { ...left, ...right } : left;
    }
    case 'union': {
      // The first option with a sample it accepts, else the first with any (an override completes it).
      const values = def.options.map((option) => [option, sampleOf(option, options, name)] as const);
      return (values.find(([option, value]) => accepts(option, value)) ??
        values.find(([, v]) => v !== undefined))?.[1];
    }
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'record':
      return {};
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // Strings and numbers come from the guesses; a file, a custom check or a transform has none.
      return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Realistic strings, by what a field's name says it holds: the first the schema accepts is taken. */
const STRING_GUESSES: [RegExp, string[]][] = [
  [/e-?mail/i, ['ada@example.com']],
  [/password/i, ['Str0ng!Passw0rd#2026']],
  [/phone|number|mobile/i, ['020 7946 0123', '02079460123', '+447700900123']],
  [/postcode|zip/i, ['LS1 1AA']],
  [/url|link|website/i, ['https://example.com/']],
  [/date|deadline|at$|from|to$|until|since/i, [inAYear().slice(0, 10), inAYear(), '2026-09-01']],
  [/otp|code/i, ['123456']],
  [/currency/i, ['GBP']],
  [/^(time.?zone|tz)$/i, ['Europe/London']],
  [/country|nationality/i, ['United Kingdom']],
  [/first.?name/i, ['Ada']],
  [/last.?name/i, ['Lovelace']],
  [/name/i, ['Ada Lovelace']],
  [/message|details|description|note|letter|reason|text|body/i, ['Sample text written for the API fuzzer.']],
];
/** A date a year ahead (a deadline or an intake must not be in the past). */
function inAYear() {
  return new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
}

const ANY_STRING = [
  'Sample',
  'sample-text',
  'Sample text written for the API fuzzer.',
  '00000000-0000-4000-8000-000000000000',
  'ada@example.com',
  'https://example.com/',
  '2026-09-01',
  '2026-09-01T09:00:00.000Z',
  '123456',
  '12345678',
  '1',
];
const NUMBER_GUESSES = [1, 2, 10, 100, 1000, 2026, 0, 0.5, -1];

/**
 * The bounds a schema's checks set: a string's or an array's length, a number's value. (Read from
 * the checks' own definitions: `_zod.bag` is not filled until zod needs it.)
 */
function limits(schema: z.core.$ZodType): { min?: number; max?: number } {
  const found: { min?: number; max?: number } = {};
  for (const check of schema._zod.def.checks ?? []) {
    // Each kind of check has fields of its own; these are the bounds' (zod's $ZodCheck*Def).
    const def = check._zod.def as z.core.$ZodCheckDef & {
      minimum?: number;
      maximum?: number;
      length?: number;
      value?: number | bigint;
      inclusive?: boolean;
    };
    if (def.check === 'min_length') found.min = def.minimum;
    else if (def.check === 'max_length') found.max = def.maximum;
    else if (def.check === 'length_equals') found.min = found.max = def.length;
    else if (def.check === 'greater_than') found.min = Number(def.value) + (def.inclusive ? 0 : 1);
    else if (def.check === 'less_than') found.max = Number(def.value) - (def.inclusive ? 0 : 1);
  }
  return found;
}

function guesses(schema: z.core.$ZodType, name: string): unknown[] {
  const { min, max } = limits(schema);
  const numbers = [
    ...(min === undefined ? [] : [min]),
    ...(max === undefined ? [] : [max]),
    ...NUMBER_GUESSES,
  ];
  const named = STRING_GUESSES.filter(([pattern]) => pattern.test(name)).flatMap(([, values]) => values);
  const padded =
    min === undefined ? [] : ['Sample text '.repeat(Math.ceil(min / 12)).slice(0, Math.max(min, 1))];
  return [...named, ...ANY_STRING, ...padded, ...numbers, ...numbers.map(String), true];
}
