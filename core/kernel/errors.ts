// The one error catalogue (spec: Errors). Every refusal the service makes is an AppError built here;
// hosts map it to their own envelope. `type` is derived from the status, as the spec's table does.

const CODES = {
  // 400
  malformed_json: 400, invalid_idempotency_key: 400, invalid_cursor: 400, step_up_code_invalid: 400,
  step_up_code_expired: 400, step_up_not_applicable: 400, upload_no_name: 400, upload_empty: 400,
  upload_dangerous: 400, too_many_events: 400, too_many_files: 400, unsupported_file: 400,
  mailbox_address_invalid: 400,
  // 401
  missing_api_key: 401, invalid_api_key: 401, revoked_api_key: 401, expired_api_key: 401,
  inactive_api_key: 401, invalid_credential_type: 401, invalid_access_token: 401, expired_access_token: 401,
  grant_required: 401, grant_expired: 401, grant_workspace_gone: 401, grant_access_lost: 401,
  // 403
  insufficient_scope: 403, from_address_forbidden: 403, owner_only: 403, api_key_only: 403,
  beyond_caller_authority: 403, ip_not_allowed: 403, grant_no_reach: 403, mailbox_login_forbidden: 403,
  step_up_required: 403, account_suspended: 403, workspace_suspended: 403, workspace_allowance_reached: 403,
  task_limit_reached: 403, task_active_limit_reached: 403, upload_forbidden: 403, upload_no_address: 403,
  address_not_allowed: 403, plan_required: 403, two_factor_required: 403,
  // 404
  resource_not_found: 404, audience_not_found: 404, automation_not_found: 404,
  connected_mailbox_not_found: 404, address_not_found: 404, task_not_found: 404, task_run_not_found: 404,
  task_approval_not_found: 404, user_not_found: 404,
  // 405 (host contract: a wrong method on a known path)
  method_not_allowed: 405,
  // 409
  revoked: 409, version_conflict: 409, webhook_disabled: 409, label_name_taken: 409,
  signature_name_taken: 409, file_in_use: 409, suppression_not_removable: 409,
  unsubscribe_not_removable: 409, username_locked: 409, username_taken: 409, first_workspace: 409,
  domain_moving: 409, branding_unavailable: 409, key_already_published: 409, domain_not_verified: 409,
  already_enrolled: 409, already_running: 409, address_disabled: 409, tracking_host_in_use: 409,
  address_unavailable: 409,
  email_not_cancellable: 409,
  // 412
  missing_chunks: 412,
  // 413
  upload_too_large: 413,
  // 422
  invalid_parameter: 422, unknown_parameter: 422, invalid_email_address: 422, too_many_items: 422,
  idempotency_key_reuse: 422, workspace_limit_reached: 422, capability_unsupported: 422,
  signature_limit_reached: 422, label_limit_reached: 422, invalid_image: 422, invalid_webhook_url: 422,
  invalid_automation: 422, invalid_knowledge_scope: 422, unknown_domain: 422,
  file_unshareable: 422,
  ai_label_limit_reached: 422,
  too_many_recipients: 422, reserved_header: 422,
  // 429
  rate_limited: 429, step_up_throttled: 429, step_up_locked: 429, upload_rate_limited: 429,
  send_quota_exceeded: 429,
  // 500
  internal_error: 500,
  // 502, 503, 507
  image_not_stored: 502, upload_failed: 502, step_up_undeliverable: 503, image_busy: 503,
  billing_not_configured: 503, unreachable: 503, upload_storage_full: 507,
} as const;

export type ErrorCode = keyof typeof CODES;

export type ErrorType =
  | 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error'
  | 'conflict_error' | 'validation_error' | 'rate_limit_error' | 'api_error';

function typeFor(status: number): ErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 409 || status === 412) return 'conflict_error';
  if (status === 422) return 'validation_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

export class AppError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    /** Extra response headers a refusal needs, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = CODES[code];
    this.type = typeFor(this.status);
  }
}

export const fail = (code: ErrorCode, message: string, param: string | null = null, headers?: Record<string, string>): never => {
  throw new AppError(code, message, param, headers);
};

export const notFound = (what = 'resource', param: string | null = null): AppError =>
  new AppError('resource_not_found', `No such ${what}.`, param);

export const invalid = (param: string, message: string): AppError => new AppError('invalid_parameter', message, param);

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
