/**
 * The wire error of SPEC 8. Services throw it; the global filter renders it as
 * `{"error": {type, code, message, param?, request_id}}`.
 */
export type ApiErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

export type ApiErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'text_too_long'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'insufficient_scope'
  | 'not_found'
  | 'idempotency_key_in_use'
  | 'event_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

const TYPE_AND_STATUS: Record<ApiErrorCode, [ApiErrorType, number]> = {
  invalid_json: ['invalid_request_error', 400],
  invalid_request: ['invalid_request_error', 400],
  text_too_long: ['invalid_request_error', 400],
  missing_api_key: ['authentication_error', 401],
  invalid_api_key: ['authentication_error', 401],
  insufficient_scope: ['permission_error', 403],
  not_found: ['invalid_request_error', 404],
  idempotency_key_in_use: ['idempotency_error', 409],
  event_conflict: ['invalid_request_error', 409],
  payload_too_large: ['invalid_request_error', 413],
  unsupported_media_type: ['invalid_request_error', 415],
  idempotency_key_reused: ['idempotency_error', 422],
  rate_limited: ['rate_limit_error', 429],
  internal_error: ['api_error', 500],
  service_unavailable: ['api_error', 503],
};

export class ApiError extends Error {
  readonly type: ApiErrorType;
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly options: { param?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    [this.type, this.status] = TYPE_AND_STATUS[code];
  }

  get param(): string | undefined {
    return this.options.param;
  }

  get headers(): Record<string, string> {
    return this.options.headers ?? {};
  }
}

export type ApiErrorBody = {
  error: {
    type: ApiErrorType;
    code: ApiErrorCode;
    message: string;
    param?: string;
    request_id: string;
  };
};

export function errorBody(error: ApiError, requestId: string): ApiErrorBody {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      request_id: requestId,
    },
  };
}
