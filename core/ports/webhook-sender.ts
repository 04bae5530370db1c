/** One HTTP POST of a signed delivery. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** What came back; `status` null when nothing came back (refused, timed out, blocked, unresolvable). */
export interface WebhookResponse {
  status: number | null;
  /** The first bytes of the response body, as text. */
  bodyExcerpt: string;
  durationMs: number;
  /** Why the attempt failed before a response, e.g. `timeout`, `blocked_address`, `dns_failed`. */
  error: string | null;
}

/**
 * Sends deliveries (spec: Events): resolves the host again every time and refuses, without sending, a name that
 * resolves into a blocked range; never follows redirects; bounds each attempt by `timeoutMs`.
 */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

/** HMAC-SHA256 of `content` keyed by the secret string's bytes, base64 (spec: the whole secret is the key). */
export interface WebhookSigner {
  sign(secret: string, content: string): string;
}
