// GET and PUT /api/studio/settings (admins): the site's name, description, footer line and contact page. A save
// updates the settings every page of this tab shows (the navbar, the footer, the contact page) at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '../../../../shared/site';
import { api } from '../../../lib/api';
import { siteQueryKey } from '../../../lib/use-site';

const settingsKey = ['studio', 'settings'] as const;

export function useStudioSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<SiteSettings>('/api/studio/settings', { auth: true, signal }),
    staleTime: 0,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) =>
      api<SiteSettings>('/api/studio/settings', { method: 'PUT', body: settings, auth: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      queryClient.setQueryData(siteQueryKey, saved);
    },
  });
}
