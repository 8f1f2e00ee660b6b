import { z } from 'zod';
import {
  AUTHORIZATION_TYPE_HEADER,
  CSRF_HEADER,
  CSRF_VALUE,
  ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  SESSION_COOKIE,
} from './common';
import { type Access, type Route, routes } from './routes';

type Json = Record<string, unknown>;

/** State-changing calls that do not need the CSRF header (signed by their sender: Stripe, signed upload URLs). */
const CSRF_FREE = new Set(['webhooks/stripe', 'files/blob/*key']);

/** JSON Schema (2020-12, which OpenAPI 3.1 uses) of a zod schema; parts JSON Schema cannot say become `{}`. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as Json;
    return rest;
  } catch {
    return {};
  }
}

/** `users/:id` → `/api/v1/users/{id}`; `files/blob/*key` → `/api/v1/files/blob/{key}`. */
export function openApiPath(path: string): string {
  return `/api/v1/${path}`.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function pathParams(path: string): Json[] {
  return [...path.matchAll(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(m[0].startsWith('*') ? { description: 'The rest of the path (may contain slashes)' } : {}),
  }));
}

function accessText(access: Access): string {
  if (access === 'public') return 'Public.';
  if (access === 'session') return 'Any signed-in user.';
  return `Signed-in ${access.join(' or ')} only.`;
}

const err = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });

/** Issue 30 item 4: every write takes a key per user action (services replay the first reply for a retry). */
const idempotencyKeyParameter: Json = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `One key per user action (a UUID), the same on every retry of that action. For a signed-in user, a repeat of the same request with the same key within 24 h is not run again: the first reply (2xx or 4xx) comes back with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`. The same key with a different body is 422; while the first request runs, 409. A 5xx is not kept, so the retry runs again. Keys are scoped to the user and the route.`,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

function operation(route: Pick<Route, 'method' | 'path' | 'service' | 'access' | 'withoutMembership' | 'summary' | 'body' | 'reply' | 'file'>): Json {
  const stateChanging = route.method !== 'GET';
  const success = route.file
    ? { description: 'The file', content: Object.fromEntries(route.file.split(', ').map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) }
    : {
        description: 'Success: `{ message?, data }`',
        content: { 'application/json': { schema: route.reply ? schemaOf(route.reply, 'output') : { type: 'object', properties: { message: { type: 'string' }, data: {} } } } },
      };
  const responses: Json = {
    '200': success,
    '400': err('Invalid input; `errors` names each field'),
    '404': err('Not found'),
    '503': err('The owning service is unavailable'),
  };
  if (route.access !== 'public') {
    responses['401'] = err("No session or a bad one: message 'Invalid token'");
    responses['403'] = err(
      route.access === 'session' ? 'Not allowed' : 'Wrong kind of user' + (route.withoutMembership ? '' : ", or an advisor without a live trial or subscription (action 'redirect', route '/subscription')"),
    );
  } else if (stateChanging && !CSRF_FREE.has(route.path)) {
    responses['403'] = err(`Missing the ${CSRF_HEADER}: ${CSRF_VALUE} header`);
  }
  if (stateChanging && route.access !== 'public') {
    responses['409'] = err(`'A request with this key is in progress': the first request with this ${IDEMPOTENCY_KEY_HEADER} has not finished`);
    responses['422'] = err(`The ${IDEMPOTENCY_KEY_HEADER} was already used for a different request`);
  }
  const op: Json = {
    operationId: `${route.method.toLowerCase()}_${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [route.service],
    summary: route.summary ?? `${route.method} ${route.path}`,
    description: [
      accessText(route.access),
      route.access !== 'public' && !route.withoutMembership ? 'Advisors need a live trial or subscription.' : '',
      stateChanging && !CSRF_FREE.has(route.path) ? `Requires the header \`${CSRF_HEADER}: ${CSRF_VALUE}\`.` : '',
      `Owned by ${route.service}.`,
    ]
      .filter(Boolean)
      .join(' '),
    parameters: [
      ...pathParams(route.path),
      { name: AUTHORIZATION_TYPE_HEADER, in: 'header', required: false, schema: { type: 'string', enum: ['advisor', 'customer', 'admin'], default: 'advisor' } },
      ...(stateChanging ? [idempotencyKeyParameter] : []),
    ],
    responses,
    'x-kinfolio-service': route.service,
    'x-kinfolio-access': route.access,
  };
  if (route.access === 'public') op.security = [{}, { cookieAuth: [] }, { bearerAuth: [] }];
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } };
  return op;
}

/** The OpenAPI 3.1 document of the public API, generated from the route table (served routes only) and its zod schemas. */
export function buildOpenApi(table: readonly Route[] = routes): Json {
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, op: Json) => {
    const entry = paths[path] ?? {};
    entry[method] = op;
    paths[path] = entry;
  };
  for (const route of table) add(openApiPath(route.path), route.method.toLowerCase(), operation(route));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kinfolio API',
      version: '1.0.0',
      description:
        'Financial planning for independent advisors and their customers. Every call goes through the gateway; errors are `{ message, errors?: [{ field: [msg] }] }`, successes `{ message?, data }`.',
    },
    servers: [{ url: '/' }],
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    tags: [...new Set(table.map((r) => r.service))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearerAuth: { type: 'http', scheme: 'bearer' },
      },
      schemas: { ErrorBody: schemaOf(ErrorBody, 'output') },
    },
  };
}
