// The data a server-rendered page hands to the browser (docs/decisions/0016): TanStack Query's dehydrated
// cache, in a JSON script element the browser reads before it hydrates, so the first render finds the same data the
// server rendered with and fetches nothing again. A 404 answer travels too, so the 404 view hydrates as it was drawn.
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { HandOver } from '../ssr/page-declaration';
import { ApiError } from '../lib/api';

export const SSR_STATE_ID = 'ssr-state';

interface WireError {
  status: number;
  message: string;
}

/** Dehydrated state with errors as plain `{status, message}` (an Error does not survive JSON), each answer as the page
 *  hands it over (`handOver`, the page declaration's), and without the moments the server read and handed over each
 *  query: the browser counts the data as fetched when it hydrates (`hydrateFromPage`), and without them two renders of
 *  the same content are the same bytes, with the same ETag, whichever process rendered them and when. */
export function toWire(state: DehydratedState, handOver?: HandOver): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error as unknown;
      const data =
        handOver && query.state.data !== undefined ? handOver(query.queryKey, query.state.data) : query.state.data;
      const timeless = {
        ...query,
        dehydratedAt: 0,
        state: { ...query.state, data, dataUpdatedAt: 0, errorUpdatedAt: 0 },
      };
      if (!(error instanceof ApiError)) return timeless;
      const wire: WireError = { status: error.status, message: error.message };
      return { ...timeless, state: { ...timeless.state, error: wire as unknown as Error } };
    }),
  };
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript chokes on. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** In the browser: fills `client` with the page's handed-over data; false when the page was not server-rendered. */
export function hydrateFromPage(client: QueryClient): boolean {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return false;
  const state = JSON.parse(element.textContent) as DehydratedState;
  // The page's HTML may have been cached on the server for a while, but only until the content changed
  // (decisions 0043, 0032): its data is as fresh as a fetch made now, so it counts as fetched now.
  const now = Date.now();
  for (const query of state.queries) {
    const error = query.state.error as WireError | null;
    if (error) {
      query.state.error = new ApiError(error.status, error.message);
      query.state.errorUpdatedAt = now;
      // The server already asked: the 404 view stays without asking again on mount.
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    } else {
      query.state.dataUpdatedAt = now;
    }
  }
  // What TanStack Query's hydrate() does for a fresh cache, without its code for promises and mutations in the first
  // load (decision 0005's budget): each query built with the state the server had.
  const cache = client.getQueryCache();
  for (const { queryKey, queryHash, state: queryState } of state.queries) {
    cache.build(client, { queryKey, queryHash }, { ...queryState, fetchStatus: 'idle' });
  }
  return true;
}
