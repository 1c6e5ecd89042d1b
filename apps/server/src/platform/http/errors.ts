import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ERROR_CODES, findUnsafeText, UNSAFE_TEXT_MESSAGE, type ErrorCode, type ErrorResponse } from '@servicebay/domain';

/** Turns a zod failure into the error shape, naming the first field at fault. */
export function validationError(where: 'params' | 'query' | 'body', error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError(400, 'INVALID_ARGUMENTS', `${where} is invalid`);
  const field = issue.path.length ? issue.path.join('.') : where;
  const requested = (issue as { params?: { code?: unknown } }).params?.code;
  const code: ErrorCode =
    typeof requested === 'string' && (ERROR_CODES as readonly string[]).includes(requested)
      ? (requested as ErrorCode)
      : 'INVALID_ARGUMENTS';
  const message =
    issue.code === 'invalid_type' && issue.input === undefined
      ? `${field} is mandatory`
      : issue.code === 'unrecognized_keys'
        ? `${where}: unknown field ${issue.keys.join(', ')}`
        : `${field}: ${issue.message}`;
  return new AppError(400, code, message);
}

/**
 * Refuses (400, naming the field) any string or key of a request's input that the database cannot
 * store: a NUL character or an unpaired surrogate. Checked on the raw input, before the schema,
 * so every string of every route is covered at once (text.ts in the domain says why).
 */
export function refuseUnsafeText(value: unknown, where: 'params' | 'query' | 'body' | 'headers' | 'frame'): void {
  const path = findUnsafeText(value);
  if (!path) return;
  const field = !path.length ? where : where === 'headers' ? `header ${String(path[0])}` : path.join('.');
  throw new AppError(400, 'INVALID_ARGUMENTS', `${field}: ${UNSAFE_TEXT_MESSAGE}`);
}

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_ARGUMENTS', message: 'body: malformed JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_ARGUMENTS',
    message: 'body: empty JSON body with a JSON content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_ARGUMENTS',
    message: 'Content-Length does not match the body',
  },
};

export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) return error.toResponse();
  const fastifyError = error as Partial<FastifyError> & { type?: string };
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { ...known };
  // JSON.parse failures surface as SyntaxError with a 400 status from the content parser.
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return { status: 400, code: 'INVALID_ARGUMENTS', message: `body: ${fastifyError.message ?? 'invalid'}` };
  }
  if (fastifyError.statusCode === 413) {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' };
  }
  if (fastifyError.statusCode === 415) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' };
  }
  if (fastifyError.statusCode === 408 || fastifyError.code === 'FST_ERR_REQUEST_TIMEOUT') {
    return { status: 408, code: 'INVALID_ARGUMENTS', message: 'Request timed out' };
  }
  return { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' };
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const body = toErrorResponse(error);
  return reply.code(body.status).type('application/json').send(body);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorResponse(error);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(body.status).type('application/json').send(body);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ status: 404, code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
}
