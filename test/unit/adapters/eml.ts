/** Just enough RFC 5322 parsing for tests: unfolded headers (lower-cased names) and the body, CRLF or LF. */
export function parseEml(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  if (split < 0) throw new Error('no blank line between header and body');
  const headers = new Map<string, string>();
  for (const line of text.slice(0, split).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a header line: ${line}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: text.slice(split + 2) };
}
