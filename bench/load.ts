import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadTarget {
  url: string;
  body: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  /** Answers whose envelope code is not 200 count as errors: a fast refusal is not throughput. */
  expectCode200?: boolean;
}

/** A bounded autocannon run (count of connections and seconds are fixed) over loopback. */
export async function load(target: LoadTarget): Promise<LoadFigures> {
  let refused = 0;
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    connections: target.connections ?? 50,
    duration: target.seconds ?? 8,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body,
    setupClient: (client) => {
      if (target.expectCode200 === false) return;
      client.on('body', (buf: Buffer) => {
        if (!buf.toString('utf8', 0, 20).includes('"code":200')) refused++;
      });
    },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts + refused,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
