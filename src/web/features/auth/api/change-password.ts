// POST /api/auth/Changepassword: `id` is the reset token from the emailed link.
import type { AuthResult, ChangePasswordBody } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function changePassword(body: ChangePasswordBody): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/Changepassword', { method: 'POST', body });
}
