// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Answer the raw result (encoded histograms), to merge several runs with `aggregateResult`. */
    skipAggregateResult?: boolean;
    /** Called with each client as it is made (its internals are autocannon's own). */
    setupClient?: (client: unknown) => void;
  }
  /** A run with `skipAggregateResult`: counts and encoded histograms, mergeable. */
  export interface RawResult {
    totalCompletedRequests: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    function aggregateResult(results: RawResult[], options?: Partial<Options>): Result;
  }
  export default autocannon;
}
