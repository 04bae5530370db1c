/**
 * Makes untrusted HTML safe to put into outgoing mail: what is left can neither run script nor reach out on its
 * own. The same cleaning serves signatures and anything else that becomes part of a message body.
 */
export interface HtmlSanitizer {
  sanitize(html: string): string;
}
