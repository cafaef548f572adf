// autocannon ships no type declarations; this covers only what the bench's scripts use.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Sent with every request. */
    headers?: Record<string, string>;
    /** Each connection cycles through these in turn (paths relative to `url`). */
    requests?: { path: string; method?: string }[];
  }

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Without a callback, autocannon returns a promise of the finished run's result. */
  export default function autocannon(options: Options): Promise<Result>;
}
