import type { z } from 'zod';

export type Json = string | number | boolean | null | undefined | Json[] | { [k: string]: Json };
export type Obj = { [k: string]: Json };
export type Path = (string | number)[];

/**
 * The forms are built from each content schema's JSON Schema: zod 4's public toJSONSchema(), as the
 * form's input (defaults and pipes read as what a person types). Only the keywords the editor needs
 * are read. The schema's own method, not z.toJSONSchema(): that one keeps every zod type's
 * converter in the zod chunk that every page with a form loads (~1.5 KB brotli each).
 */
export interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  default?: unknown;
}
const jsonSchemas = new Map<z.ZodType, Node>();
/** The JSON Schema of a zod schema, converted once. */
export function jsonSchemaOf(schema: z.ZodType) {
  let node = jsonSchemas.get(schema);
  if (!node)
    jsonSchemas.set(schema, (node = schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as Node));
  return node;
}

/** A property may be left out when its object does not require it and it has no default. */
export const isOptional = (parent: Node, key: string, node: Node) =>
  !parent.required?.includes(key) && !('default' in node);

/** Unwraps `anyOf: [T, null]`; says whether the value may be null. */
export function unwrap(node: Node): { schema: Node; nullable: boolean } {
  const members = node.anyOf;
  if (!members) return { schema: node, nullable: false };
  const rest = members.filter((m) => m.type !== 'null');
  return { schema: rest.length === 1 && rest[0] ? rest[0] : {}, nullable: rest.length < members.length };
}

/** The kind of control a schema node needs. */
export function kindOf(node: Node): 'object' | 'array' | 'boolean' | 'enum' | 'number' | 'string' {
  if (node.enum) return 'enum';
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'integer') return 'number';
  return type === 'object' || type === 'array' || type === 'boolean' || type === 'number' ? type : 'string';
}

export function blank(node: Node, optional = false): Json {
  const { schema, nullable } = unwrap(node);
  if (optional) return undefined;
  if (nullable) return null;
  switch (kindOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, blank(v, isOptional(schema, k, v))]),
      );
    case 'array':
      return [];
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
      return (schema.enum?.[0] as Json) ?? '';
    default:
      return '';
  }
}

export const fieldId = (path: Path) => `cf-${path.join('-')}`;

export function setIn(obj: Json, path: Path, value: Json): Json {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(obj)) {
    const copy = [...obj];
    copy[head as number] = setIn(copy[head as number], rest, value);
    return copy;
  }
  const o = (obj ?? {}) as Obj;
  return { ...o, [head as string]: setIn(o[head as string], rest, value) };
}

/** Lines typed into list boxes: trailing blank lines are dropped (the seed allows blanks inside). */
export function cleanLists(value: Json): Json {
  if (Array.isArray(value)) {
    const out = value.map(cleanLists);
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanLists(v)]));
  return value;
}
