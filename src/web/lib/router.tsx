// Routing for the web app, on wouter (docs/decisions/0020). The screens import routing from here only (a lint rule
// says so): wouter's own pieces, plus the few that React Router had and wouter does not (NavLink, useNavigate, a
// same-address link that replaces, an undecoded pathname and query). Matching and history stay wouter's.
import { useMemo, type AnchorHTMLAttributes } from 'react';
import { Link as WouterLink, useLocation, useRouter } from 'wouter';

export { matchRoute, Redirect, Route, Router, Switch, useParams } from 'wouter';
export { useHistoryState } from 'wouter/use-browser-location';
// For tests: a router over an in-memory history (never part of the build: nothing else imports it).
export { memoryLocation } from 'wouter/memory-location';

/** The path as the address bar has it (percent-encoded, as React Router's location.pathname was); on the server,
 *  the path being rendered. wouter's useLocation decodes it. */
export function usePathname(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** The query as the address bar has it: '?a=1', or '' (wouter's useSearch decodes it and drops the '?'). */
export function useLocationSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && search[0] !== '?' ? `?${search}` : search;
}

/** navigate(to, { replace, state }): pushes a history entry (or replaces the current one). */
export function useNavigate() {
  return useLocation()[1];
}

/** The query's parameters, and a setter that keeps the path. Read from the undecoded query: decoded once before
 *  URLSearchParams decodes it again (wouter's own useSearchParams), a searched "%20" would come back as a space. */
export function useSearchParams() {
  const search = useLocationSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => {
    const query = next(params).toString();
    navigate(query ? `${path}?${query}` : path, options);
  };
  return [params, setParams] as const;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Replace the current history entry; by default only a link to the address already shown does. */
  replace?: boolean;
  /** Kept in history.state for the page the link opens (read with useHistoryState). */
  state?: unknown;
};

/** A link that navigates in the app. A link to the address already shown replaces the history entry instead of
 *  adding the same page again (React Router's rule). */
export function Link({ to, replace, ...props }: LinkProps) {
  const here = usePathname() + useLocationSearch();
  return <WouterLink to={to} replace={replace ?? to === here} {...props} />;
}

/** A link that knows whether it leads to the page shown: then `aria-current="page"` and the `active` class. Active
 *  on its own path and, unless `end`, below it (React Router's NavLink rule, case-insensitive; a `to` ending in '/'
 *  is active below it only). */
export function NavLink({ to, end = false, className, ...props }: LinkProps & { end?: boolean; className: string }) {
  const pathname = usePathname().toLowerCase();
  const target = to.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slash) === '/');
  return (
    <Link
      to={to}
      className={active ? `${className} active` : className}
      aria-current={active ? 'page' : undefined}
      {...props}
    />
  );
}
