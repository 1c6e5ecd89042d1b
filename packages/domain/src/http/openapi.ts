import { z } from 'zod';
import { ZErrorResponse } from '../errors.js';
import { rolesOf } from './access.js';
import type { AnyRoute } from './route.js';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

function parametersOf(route: AnyRoute): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
}

function accessText(route: AnyRoute): string {
  const rule = route.access;
  if (rule.kind === 'public') return `Public: ${rule.reason}.`;
  const roles = rolesOf(rule);
  const who = roles === 'everyone' ? 'everyone' : roles.join(', ');
  const scope =
    rule.kind === 'store'
      ? ` acting for the store in :${rule.storeParam}`
      : rule.kind === 'customer'
        ? ` for the customer in :${rule.customerParam}`
        : rule.kind === 'self'
          ? ` for themselves (:${rule.userParam})`
          : rule.kind === 'user'
            ? ` for themselves or a worker of a store they may act for (:${rule.userParam})`
            : rule.kind === 'account'
              ? ` for the account in :${rule.accountParam} (their own, their partner's, or any for root)`
              : rule.kind === 'partner'
                ? ` for the partner in :${rule.partnerParam} (their own, or any for root)`
                : rule.kind === 'report'
                  ? ` for the order in :${rule.orderParam} (staff of its store, a portal user of its customer), or anyone holding a valid report link (t query parameter or X-Report-Token header)`
                  : rule.kind === 'household'
                    ? ` for the resource in :${rule.resourceParam} (a portal user of the household that holds it, or staff of its store)`
                    : '';
  return `Access: ${who}${scope}.`;
}

/** The OpenAPI 3.1 document of the route table, served at /v2/api/docs. */
export function buildOpenApi(table: readonly AnyRoute[], info: { title: string; version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const errorResponse = { content: { 'application/json': { schema: schemaOf(ZErrorResponse, 'output') } } };
  for (const route of table) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const status = String(route.status ?? (route.response ? 200 : 204));
    const operation: Json = {
      operationId: route.id,
      summary: route.summary,
      description: route.carriesSecrets
        ? `${accessText(route)} Carries secrets: no Idempotency-Key (one sent is ignored, nothing is kept).`
        : accessText(route),
      tags: [route.tag],
      parameters: parametersOf(route),
      responses: {
        [status]: route.response
          ? {
              description: 'Success',
              content: { [route.produces ?? 'application/json']: { schema: schemaOf(route.response, 'output') } },
            }
          : { description: 'Success, no content' },
        '400': { description: 'Invalid arguments', ...errorResponse },
        ...(route.access.kind === 'public'
          ? {}
          : {
              '401': { description: 'Not signed in', ...errorResponse },
              '403': { description: 'Role not allowed', ...errorResponse },
              '404': { description: 'Not found, or not yours', ...errorResponse },
            }),
      },
    };
    if (route.access.kind !== 'public') operation.security = [{ bearer: [] }];
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
