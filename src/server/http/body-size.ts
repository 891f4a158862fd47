import { type ZodType, z } from 'zod';
import { HttpError } from '../errors';

/**
 * The bytes one character of a string may take on the wire. JSON may escape any character as
 * `\uXXXX` (a character outside the BMP is two such escapes for its two UTF-16 units, which
 * `maxLength` also counts as two); a url-encoded form sends a character of up to three UTF-8 bytes
 * as `%XX%XX%XX`.
 */
export const BYTES_PER_CHARACTER = { json: 6, form: 9 } as const;
export type BodyEncoding = keyof typeof BYTES_PER_CHARACTER;

/** The longest text of a JSON number (`-1.7976931348623157e+308`). */
const NUMBER_BYTES = 24;
/** Room around each value for the separators and whitespace a client may add (pretty-printing). */
const SLOT_BYTES = 16;
/** Room around the whole body: a charset parameter nobody counts, a trailing newline, indentation. */
export const BODY_SLACK_BYTES = 1024;

type JsonSchema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** A schema part whose size has no bound, named by its path in the body (`/message`). */
export class UnboundedBody extends Error {
  constructor(readonly path: string) {
    super(`${path || 'the body'} has no maximum size (a string without max(), an array without max())`);
  }
}

/**
 * The largest body a schema accepts, in bytes on the wire: each string at its maximum length and
 * `BYTES_PER_CHARACTER` a character, keys likewise, numbers at their longest text, arrays at their
 * most items, and room for separators and whitespace. Fields the schema does not name are dropped
 * by the route, so they are not counted: a body carrying many of them is refused as too large.
 * Throws `UnboundedBody` when a part has no maximum (then the route cannot be given a limit).
 */
export function maxBodyBytes(schema: ZodType, encoding: BodyEncoding): number {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const perCharacter = BYTES_PER_CHARACTER[encoding];
  const text = (value: string) => value.length * perCharacter + 2;

  function size(node: JsonSchema | boolean | undefined, path: string, seen: Set<string>): number {
    if (node === undefined || typeof node === 'boolean') throw new UnboundedBody(path);
    if (node.$ref) {
      if (seen.has(node.$ref)) throw new UnboundedBody(path);
      const name = node.$ref.replace('#/$defs/', '');
      const target = node.$ref === '#' ? json : json.$defs?.[name];
      return size(target, path, new Set([...seen, node.$ref]));
    }
    const alternatives = node.anyOf ?? node.oneOf ?? node.allOf;
    if (alternatives) return Math.max(...alternatives.map((part) => size(part, path, seen)));
    if (node.const !== undefined) return valueBytes(node.const);
    if (node.enum) return Math.max(...node.enum.map(valueBytes));
    const types = [node.type ?? []].flat();
    if (types.length === 0) throw new UnboundedBody(path);
    return Math.max(...types.map((type) => typed(type, node, path, seen)));
  }

  function typed(type: string, node: JsonSchema, path: string, seen: Set<string>): number {
    switch (type) {
      case 'string':
        if (node.maxLength === undefined) throw new UnboundedBody(path);
        return node.maxLength * perCharacter + 2;
      case 'number':
      case 'integer':
        return NUMBER_BYTES;
      case 'boolean':
      case 'null':
        return 5;
      case 'object':
        return Object.entries(node.properties ?? {}).reduce(
          (sum, [key, value]) => sum + text(key) + SLOT_BYTES + size(value, `${path}/${key}`, seen),
          2,
        );
      case 'array': {
        const fixed = (node.prefixItems ?? []).reduce(
          (sum, item, i) => sum + SLOT_BYTES + size(item, `${path}/${i}`, seen),
          2,
        );
        if (node.items === false || (node.items === undefined && node.prefixItems)) return fixed;
        if (node.maxItems === undefined) throw new UnboundedBody(path);
        // A form repeats the field's name with every item; room for it is in the slot.
        return fixed + node.maxItems * (SLOT_BYTES + 64 + size(node.items, `${path}/*`, seen));
      }
      default:
        throw new UnboundedBody(path);
    }
  }

  function valueBytes(value: unknown): number {
    return typeof value === 'string' ? text(value) : JSON.stringify(value).length + 2;
  }

  return size(json, '', new Set()) + BODY_SLACK_BYTES;
}

/** Bodies nested deeper than this are refused before they are parsed (decision 010). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests no deeper than `maxDepth` arrays and objects: one pass over its
 * characters, brackets inside strings not counted, stopping at the first level too deep. It costs
 * the same on any input, and far less than building the values `JSON.parse` would build.
 */
export function jsonDepthWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return false;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return true;
}

/** What a body nested too deeply is told: a 400, like any other malformed body. */
export const tooDeep = () =>
  new HttpError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
