// Requests over a real connection to a listening app, for what `inject` cannot reach: the server's own request
// listener, where answers kept as bytes are given (lib/kept-answers-first.ts). The answer is as sent: a compressed
// body stays compressed.
import http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  /** The payload as UTF-8 text. */
  body: string;
  json<T>(): T;
}

export type HttpCall = (options: {
  method?: string;
  url: string;
  headers?: Record<string, string>;
}) => Promise<HttpAnswer>;

/** Makes the app listen on a free port of 127.0.0.1 and answers a way to call it there. */
export async function overHttp(app: FastifyInstance): Promise<HttpCall> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return ({ method = 'GET', url, headers = {} }) =>
    new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const body = rawPayload.toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            rawPayload,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}
