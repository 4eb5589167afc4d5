/**
 * The TypeScript type a JSON Schema describes, for the card-service contracts (calls/card-service.ts), whose input
 * schemas are JSON Schema: the server's Fastify checks requests with them, the OpenAPI document shows them, and the
 * console's input type is read from the same object. Covers the keywords those schemas use: `type` (one name or a
 * list), `enum`, `properties` with `required`, `additionalProperties`, `items`; anything else reads as unknown.
 */

/** A JSON Schema object as this package writes one (`as const`, so its literal values are types). */
export type JsonSchema = { readonly [keyword: string]: unknown };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredNames<S> = S extends { required: readonly (infer R)[] } ? R & string : never;

/** An object schema with properties: required names required, the others optional. */
type ObjectOf<S> = S extends { properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P & RequiredNames<S>]: JsonValue<P[K]> } & {
        -readonly [K in Exclude<keyof P, RequiredNames<S>>]?: JsonValue<P[K]>;
      }
    >
  : S extends { additionalProperties: infer A extends JsonSchema }
    ? Record<string, JsonValue<A>>
    : Record<string, unknown>;

/** The value of one JSON type name (distributes over a union of names). */
type OfType<S, T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? JsonValue<I>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S>
            : unknown;

/** The value a JSON Schema admits. */
export type JsonValue<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: readonly (infer T)[] }
    ? OfType<S, T>
    : S extends { type: infer T }
      ? OfType<S, T>
      : unknown;
