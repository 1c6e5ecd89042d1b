import { z } from 'zod';

/**
 * Error codes: the product's codes plus the transport codes every API needs.
 * The client translates the code; the message is for people reading logs and API docs.
 */
export const ERROR_CODES = [
  // product codes, shown to the user as the translated code
  'CANNOT_ADD_CUSTOMER_WHEN_EDITING_ANOTHER',
  'CANNOT_REMOVE_MAIN_CUSTOMER',
  'CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS',
  'CANNOT_SAVE_CUSTOMER_WITH_INVALID_EMAIL',
  'CANNOT_ADD_VEHICLE_WHEN_EDITING_ANOTHER',
  'CANNOT_CHANGE_VEHICLE',
  'CANNOT_REMOVE_MAIN_VEHICLE',
  'CANNOT_SCAN_INVALID_VIN',
  'INVALID_ARGUMENTS',
  'NOT_IMPLEMENTED_YET',
  'VIN_IS_MANDATORY',
  'VIN_IS_INVALID',
  'VEHICLE_ERROR',
  // identity
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'USER_NOT_FOUND',
  'INVALID_REFRESH_TOKEN',
  // portal registration (docs/portal-users.md)
  'CUSTOMER_NOT_FOUND_AT_REGISTRATION',
  'CUSTOMER_USER_ALREADY_EXISTS',
  /** The login strategy lookup: no user, but a customer gave a shop this e-mail (it may register). */
  'CUSTOMER_WITHOUT_USER',
  // inspection orders (docs/repair-orders.md); the two lower-case ones are message keys the client translates
  'ORDER_CLOSED',
  'ORDER_NOT_FINISHED',
  'ORDER_CANNOT_BE_FINISHED',
  'FIELD_BLOCKED',
  'TIME_TRACKER_DISABLED',
  'TIME_TRACKER_RUNNING',
  'TIME_TRACKER_NOT_RUNNING',
  'only_valid_user_can_assign_this_to_you',
  'This_inspection_is_not_assigned_to_yourself',
  // report sending (docs/reports.md)
  'REPORT_NO_RECIPIENT',
  'SMS_NOT_PERMITTED',
  'SMS_NOT_SENT',
  // customer texting (docs/texting.md); the lower-case one is the product's message key
  'contact_does_not_have_valid_cell_phone',
  'TEXTING_OPTED_OUT',
  'TEXTING_NOT_CONFIGURED',
  // the shop's internal chat (docs/internal-chat.md)
  'INTERNAL_CHAT_DISABLED',
  'CHAT_TOKEN_EXPIRED',
  'CHAT_TOKEN_INVALID',
  // the customer's report (docs/reports.md)
  'ITEM_ALREADY_DECIDED',
  'ESTIMATE_CHANGED',
  // the customer portal (docs/portal.md)
  'TODO_LIMIT_REACHED',
  // the shop-management integration (docs/integrations.md)
  'INTEGRATION_NOT_ENABLED',
  'CLOCK_IN_DISABLED',
  'WORK_ORDER_CLOSED',
  'CLOCK_ALREADY_RUNNING',
  'CLOCK_NOT_RUNNING',
  'SHOP_SYSTEM_UNAVAILABLE',
  // transport
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_FLIGHT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one error shape of the whole API. `details` is optional and only present where a route
 * documents it (a refused finish names its blocking items there); clients that do not read it
 * lose nothing, the code and message stay what they were.
 */
export const ZErrorResponse = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

/** A failure the caller can act on; the server turns it into the error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Structured facts about the failure, documented by the route that gives them. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toResponse(): ErrorResponse {
    const shape = { status: this.status, code: this.code, message: this.message };
    return this.details ? { ...shape, details: this.details } : shape;
  }
}

export const errors = {
  invalid: (message: string) => new AppError(400, 'INVALID_ARGUMENTS', message),
  mandatory: (field: string) => new AppError(400, 'INVALID_ARGUMENTS', `${field} is mandatory`),
  unauthenticated: (message = 'Authentication required') =>
    new AppError(401, 'UNAUTHENTICATED', message),
  forbidden: (message = 'Not allowed for this role') => new AppError(403, 'FORBIDDEN', message),
  notFound: (message = 'Not found') => new AppError(404, 'NOT_FOUND', message),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
};
