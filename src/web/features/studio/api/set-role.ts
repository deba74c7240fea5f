// PUT /api/studio/users/{id}/role {role} (admins) → the user. The server refuses, with a message, to change a
// bootstrap admin's role or to remove the last admin.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, StudioUser } from '../../../../shared/studio';
import { api } from '../../../lib/api';

export function setRole(userId: string, role: Role): Promise<StudioUser> {
  return api<StudioUser>(`/api/studio/users/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body: { role },
    auth: true,
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSuccess: (user) =>
      queryClient.setQueriesData<StudioUser[]>({ queryKey: ['studio', 'users'] }, (list) =>
        list?.map((other) => (other._id === user._id ? user : other)),
      ),
  });
}
