// The one fetch wrapper of the web app: JSON in and out, the auth-token header when asked, one error type, and
// the progress bar moved around every call. (File uploads, which need upload progress, use ./upload.ts with the
// same error handling.)
import { STORAGE } from '../../shared/first-load';
import { requestEnded, requestProgressed, requestStarted } from './progress';
import { getToken } from './session';

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const NETWORK_ERROR = 'The server could not be reached. Check your connection and try again.';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored `auth-token` header. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** How the server's renderer answers the app's reads (docs/decisions/0016): the same API paths, answered in process
 *  by the server's own routes. Unset in the browser. */
export type ServerTransport = (path: string) => Promise<{ status: number; text: string }>;
let serverTransport: ServerTransport | null = null;

/** Server rendering only: every `api()` call goes to `transport` instead of `fetch`. */
export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return parse(await request(path, options, 'application/json')) as T;
}

/** A text file of the site, such as a lesson's captions: fetched in the browser; while rendering on the server, read
 *  in process like the API reads (so a local file's text is in the page; another host's is left to the browser). */
export function getText(path: string, signal?: AbortSignal): Promise<string> {
  return request(path, { signal }, '*/*');
}

/** Sends a call (on the server: asks the in-process transport) and answers the response's text; a failure status
 *  throws its ApiError, a failed connection NETWORK_ERROR. The page's progress bar follows it. */
async function request(path: string, options: ApiOptions, accept: string): Promise<string> {
  if (serverTransport) {
    if ((options.method ?? 'GET') !== 'GET' || options.auth) throw new ApiError(0, 'Not answered while rendering');
    const { status, text } = await serverTransport(path);
    if (status >= 400) throw errorFromResponse(status, '', text);
    return text;
  }
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = getToken();
    if (token) headers[STORAGE.token] = token;
  }

  requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, NETWORK_ERROR);
    }
    requestProgressed(30);
    const text = await response.text();
    requestProgressed(70);
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
    return text;
  } finally {
    requestEnded();
  }
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error of a non-2xx answer: the server's `{error}` text, else a short text body, else the status text. */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  const data = parse(text);
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string')
    return new ApiError(status, data.error);
  if (typeof data === 'string' && data.trim() !== '' && data.length < 300) return new ApiError(status, data);
  return new ApiError(status, statusText || `Request failed (${status})`);
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
