// autocannon ships no types; this covers the part of its programmatic API the benchmark uses.
declare module 'autocannon' {
  interface Histogram {
    average: number; mean: number; stddev: number; min: number; max: number; total: number;
    p2_5: number; p50: number; p75: number; p90: number; p97_5: number; p99: number; p99_9: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    pipelining?: number;
    title?: string;
  }
  interface Result {
    title?: string; url: string; duration: number; connections: number;
    requests: Histogram; latency: Histogram; throughput: Histogram;
    errors: number; timeouts: number; mismatches: number; non2xx: number;
    '1xx': number; '2xx': number; '3xx': number; '4xx': number; '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'done', listener: (result: Result) => void): this;
    stop(): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
