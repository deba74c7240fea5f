// POST /api/bug/addbug {title, description, tags?, lesson?}: the lists and the lesson's questions are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bug } from '../../../../shared/contract';
import { api } from '../../../lib/api';
import { bugsKey } from './keys';

export interface AddBugInput {
  title: string;
  description: string;
  tags?: string[];
  lesson?: { id: string; at: number } | null;
}

export function addBug(input: AddBugInput): Promise<Bug> {
  return api<Bug>('/api/bug/addbug', { method: 'POST', body: input, auth: true });
}

export function useAddBug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBug,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bugsKey }),
  });
}
