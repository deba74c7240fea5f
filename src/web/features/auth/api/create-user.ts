// POST /api/auth/createUser: {success:true, msg} once the account exists and the verification mail is queued.
import type { AuthResult, CreateUserBody } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function createUser(body: CreateUserBody): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/createUser', { method: 'POST', body });
}
