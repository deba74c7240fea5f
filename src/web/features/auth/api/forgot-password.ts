// POST /api/auth/forgot: 200 with a generic msg whether or not the email has an account.
import type { AuthResult, ForgotBody } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function forgotPassword(body: ForgotBody): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/forgot', { method: 'POST', body });
}
