// The site's settings (name, description, footer, contact page) in the web app: GET /api/site. A server-rendered page
// carries the answer in its handed-over state and the app shell in its own element (SITE_STATE_ID), so the first
// paint already has the owner's name; only the dev server's shell starts from the defaults.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_SITE, SITE_STATE_ID, type SiteSettings } from '../../shared/site';
import { api } from './api';

export const siteQueryKey = ['site'] as const;

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteQueryKey,
    queryFn: ({ signal }) => api<SiteSettings>('/api/site', { signal }),
  });

/** The site's settings now; the product's defaults until they arrive. */
export function useSite(): SiteSettings {
  return useQuery({ ...siteQueryOptions(), placeholderData: DEFAULT_SITE }).data ?? DEFAULT_SITE;
}

/** In the browser, for a page that is not server-rendered: the settings the app shell carries. */
export function siteFromShell(client: QueryClient): void {
  const element = document.getElementById(SITE_STATE_ID);
  if (!element?.textContent) return;
  try {
    client.setQueryData(siteQueryKey, JSON.parse(element.textContent) as SiteSettings);
  } catch {
    // A broken element is no worse than none: the settings are fetched.
  }
}
