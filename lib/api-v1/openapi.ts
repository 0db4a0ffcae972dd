import { z } from 'zod';
import { v1Endpoints, type V1Endpoint } from './endpoints';
import { errorSchema } from './schema';

// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the handlers parse their
// queries with and serialize their answers through (z.toJSONSchema), so it cannot drift from them.

const refOf = (id: string) => `#/components/schemas/${id}`;
const common = { target: 'draft-2020-12', unrepresentable: 'any', uri: refOf } as const;

type JsonSchema = Record<string, unknown>;

/** A schema inline, its named parts as references to the components (which hold them once). */
function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _schema, $defs: _defs, ...json } = z.toJSONSchema(schema, { ...common, io }) as JsonSchema;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${refOf('')}`)) as JsonSchema;
}

/** The components every answer refers to: the schemas carrying a `.meta({ id })`. */
function components(): Record<string, JsonSchema> {
  const all = z.toJSONSchema(z.globalRegistry, { ...common, io: 'output' }).schemas as Record<string, JsonSchema>;
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(all)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[id] = rest;
  }
  return schemas;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: refOf('Error') } } } });

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed per window for your plan', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

const companyIdDescription = 'The company’s id, or the slug of its page, in any case: the ticker when unique (MSTR), ticker.exchange when listings share a ticker (COIN.NASDAQ)';

function operation(endpoint: V1Endpoint) {
  const parameters = [
    ...(endpoint.pathParams ?? []).map((name) => ({ name, in: 'path', required: true, description: companyIdDescription, schema: { type: 'string', maxLength: 64 } })),
    ...Object.entries(endpoint.query.shape).map(([name, field]) => {
      const schema = inlineSchema(field as z.ZodType, 'input');
      const { description, ...rest } = schema;
      return { name, in: 'query', required: false, ...(description ? { description } : {}), schema: rest };
    }),
  ];
  const json = { schema: inlineSchema(endpoint.response, 'output') };
  const ok = endpoint.isExport
    ? {
        description: 'The file. CSV: three lines starting with "# " (title, as-of date, sources), then the header row and the rows. JSON (?format=json): meta and data.',
        headers: { ...rateLimitHeaders, 'Content-Disposition': { schema: { type: 'string' } } },
        content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': json },
      }
    : {
        description: endpoint.hasCsv
          ? 'The envelope { data, meta }; with ?format=csv a file: three lines starting with "# " (title, as-of date, sources), then the header row and the rows.'
          : 'The envelope { data, meta }.',
        headers: { ...rateLimitHeaders, ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } },
        content: { 'application/json': json, ...(endpoint.hasCsv ? { 'text/csv': { schema: { type: 'string' } } } : {}) },
      };
  return {
    get: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: endpoint.description,
      parameters,
      responses: {
        200: ok,
        ...(endpoint.isExport ? {} : { 304: { description: 'Not modified: the If-None-Match ETag still matches' } }),
        400: errorResponse('A query parameter is not valid'),
        401: errorResponse('No key or session, or the key is unknown, revoked or expired'),
        403: errorResponse('The key owner has no active subscription or beta access'),
        ...(endpoint.pathParams ? { 404: errorResponse('No such company'), 409: errorResponse('A bare ticker that names more than one company; the message lists their slugs') } : {}),
        429: {
          ...errorResponse('Rate limit reached'),
          headers: { ...rateLimitHeaders, 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
        },
      },
    },
  };
}

export function buildOpenApiDocument(serverUrl?: string) {
  // Referenced by every error answer; importing it registers its id.
  void errorSchema;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Treasury Intelligence API',
      version: '1.0.0',
      description:
        'Read access to everything the screens show. Authenticate with a personal key from Account Settings: `Authorization: Bearer <key>`. Answers are `{ data, meta: { asOf, sources, nextCursor } }`; dates are ISO 8601, amounts carry their unit in the field name. Send `If-None-Match` with the last `ETag` to get a 304 while nothing changed.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    paths: Object.fromEntries(v1Endpoints.map((endpoint) => [endpoint.path, operation(endpoint)])),
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A personal API key (ti_…) created on Account Settings' } },
      schemas: components(),
    },
  };
}
