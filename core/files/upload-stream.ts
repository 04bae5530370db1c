/**
 * Reads the first `count` bytes of a stream (fewer when it ends first) without losing them: `rest` replays those
 * bytes and then the remainder, so the upload can be judged by its first bytes before anything is stored.
 */
export async function peekHead(source: AsyncIterable<Uint8Array>, count: number): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < count) {
    const next = await iterator.next();
    if (next.done) { done = true; break; }
    if (next.value.length === 0) continue;
    seen.push(next.value);
    size += next.value.length;
  }
  const head = new Uint8Array(Math.min(size, count));
  let at = 0;
  for (const chunk of seen) {
    if (at >= head.length) break;
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
  }
  async function* rest(): AsyncGenerator<Uint8Array> {
    try {
      yield* seen;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopping early (a refusal, a size limit) lets the source clean up.
      if (!done) await iterator.return?.();
    }
  }
  return { head, rest: rest() };
}
