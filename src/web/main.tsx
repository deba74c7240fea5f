import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from './app/query-client';
import { AppRoutes, matchPage } from './app/router';
import { hydrateFromPage } from './app/ssr-state';
import { siteFromShell } from './lib/use-site';
import './lib/zod-jitless';
import { APP_HYDRATING, APP_STARTED } from './starter/contract';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the app into');

/** Tells index.html's starter that React takes the page over (it stops holding the reader's clicks), then that it
 *  has committed it (the starter hands over what it held). */
function announce(name: typeof APP_HYDRATING | typeof APP_STARTED): void {
  document.dispatchEvent(new Event(name));
}

/** Draws nothing; its effect runs after the first commit of everything before it. */
function Committed() {
  useEffect(() => announce(APP_STARTED), []);
  return null;
}

// No <Router> around the routes: wouter's default one follows the browser's address (history API).
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Committed />
    </QueryClientProvider>
  </StrictMode>
);

// A server-rendered page (docs/decisions/0016) hands over its data and is hydrated once its route's chunk is here
// (the frame around it has no lazy part the server draws), so the first render draws exactly what the server drew;
// the other pages (account, Studio) start from the empty shell.
if (hydrateFromPage(queryClient)) {
  const page = matchPage(window.location.pathname);
  void Promise.resolve(page?.preload()).finally(() => {
    hydrateRoot(root, app);
    announce(APP_HYDRATING);
  });
} else {
  siteFromShell(queryClient);
  createRoot(root).render(app);
}
