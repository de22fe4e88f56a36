import type { z } from 'zod';
import type { Route, RouteTable } from './http';

/** What crosses the wire for one endpoint, beside its route. */
export interface EndpointSchemas {
  /** One line for the OpenAPI page (kept here, not in the route table the browser loads). */
  readonly summary: string;
  /** Path parameters, e.g. `{ id }` for '/order/:id'. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body (a multipart route's body is the FormData it uploads). */
  readonly body?: z.ZodType;
  /** The success answer, envelopes included. */
  readonly response: z.ZodType;
}

/** The schemas of one domain's entries: exactly the names of its routes. */
export type EndpointSchemasOf<DomainRoutes> = {
  readonly [Name in keyof DomainRoutes]: EndpointSchemas;
};

/** One endpoint: its route, its schemas and its key ('packages.list'). */
export type Endpoint = Route & EndpointSchemas & { readonly key: string };

type SchemaTable<Routes extends RouteTable> = {
  readonly [Domain in keyof Routes]: { readonly [Name in keyof Routes[Domain]]: EndpointSchemas };
};

export type Contract<Routes extends RouteTable, Schemas extends SchemaTable<Routes>> = {
  readonly [Domain in keyof Routes]: {
    readonly [Name in keyof Routes[Domain]]: Routes[Domain][Name] &
      Schemas[Domain][Name & keyof Schemas[Domain]] & {
        readonly key: `${Domain & string}.${Name & string}`;
      };
  };
};

/**
 * Joins the zod-free route table with the schemas of each entry. The schema table must name
 * exactly the routes' entries: a missing or extra one does not compile.
 */
export function defineContract<
  const Routes extends RouteTable,
  const Schemas extends SchemaTable<Routes>,
>(
  routes: Routes,
  schemas: Schemas & { readonly [Extra in Exclude<keyof Schemas, keyof Routes>]: never },
): Contract<Routes, Schemas> {
  const contract: Record<string, Record<string, Endpoint>> = {};
  for (const [domain, entries] of Object.entries(routes)) {
    contract[domain] = {};
    for (const [name, route] of Object.entries(entries)) {
      const entrySchemas = (schemas as Record<string, Record<string, EndpointSchemas>>)[domain]?.[
        name
      ];
      if (!entrySchemas) throw new Error(`No schemas for the endpoint ${domain}.${name}`);
      contract[domain][name] = { ...route, ...entrySchemas, key: `${domain}.${name}` };
    }
  }
  return contract as Contract<Routes, Schemas>;
}

/** Every endpoint of a contract, for the API's route check, the OpenAPI page and the tests. */
export function endpointsOf(contract: object): Endpoint[] {
  return Object.values(contract as Record<string, Record<string, Endpoint>>).flatMap((entries) =>
    Object.values(entries),
  );
}

// What a caller sends and gets, from an endpoint's type. An object whose fields are all
// optional may be left out.
type Part<Key extends string, Value> = object extends Value
  ? { readonly [K in Key]?: Value }
  : { readonly [K in Key]: Value };

export type ParamsOf<E> = E extends { params: z.ZodType } ? z.input<E['params']> : undefined;
export type QueryOf<E> = E extends { query: z.ZodType } ? z.input<E['query']> : undefined;
export type BodyOf<E> = E extends { multipart: true }
  ? FormData
  : E extends { body: z.ZodType }
    ? z.input<E['body']>
    : undefined;
/** The parsed values the API's handler receives. */
export type ParsedParamsOf<E> = E extends { params: z.ZodType } ? z.output<E['params']> : never;
export type ParsedQueryOf<E> = E extends { query: z.ZodType } ? z.output<E['query']> : never;
export type ParsedBodyOf<E> = E extends { body: z.ZodType } ? z.output<E['body']> : never;
export type ResponseOf<E> = E extends { response: z.ZodType } ? z.output<E['response']> : never;

/** The one argument of a typed client call: `{ params, query, body }`, each when the endpoint has it. */
export type InputOf<E> = (ParamsOf<E> extends undefined ? unknown : Part<'params', ParamsOf<E>>) &
  (QueryOf<E> extends undefined ? unknown : Part<'query', QueryOf<E>>) &
  (BodyOf<E> extends undefined ? unknown : Part<'body', BodyOf<E>>);
