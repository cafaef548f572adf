// autocannon ships no type declarations; this covers only what scripts/bench.ts uses.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
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
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Without a callback, autocannon returns a promise of the finished run's result. */
  export default function autocannon(options: Options): Promise<Result>;
}
