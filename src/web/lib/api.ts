// The one fetch wrapper of the web app: JSON in and out, the auth-token header when asked, one error type, and
// the progress bar moved around every call.
import { STORAGE } from '../../shared/constants';
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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored `auth-token` header. */
  auth?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
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
      throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
    }
    requestProgressed(30);
    const text = await response.text();
    requestProgressed(70);
    const data = parse(text);
    if (!response.ok) throw new ApiError(response.status, errorMessage(data, response));
    return data as T;
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

function errorMessage(data: unknown, response: Response): string {
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') return data.error;
  if (typeof data === 'string' && data.trim() !== '' && data.length < 300) return data;
  return response.statusText || `Request failed (${response.status})`;
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
