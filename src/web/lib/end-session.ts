// Ending the session in this browser (logging out, or after deleting the account): the token goes, and so does every
// answer kept for the account; the site's own settings stay (the navbar keeps its name).
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from './session';
import { siteQueryKey } from './use-site';

export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  return () => {
    signOut();
    const site = queryClient.getQueryData(siteQueryKey);
    queryClient.clear();
    if (site) queryClient.setQueryData(siteQueryKey, site);
  };
}
