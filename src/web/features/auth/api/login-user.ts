// POST /api/auth/loginUser: {success:true, authToken, id} signs in; {success:false, msg} is an unverified account;
// any other answer throws ApiError carrying the server's error.
import type { AuthResult, LoginBody } from '../../../../shared/contract';
import { api } from '../../../lib/api';

export function loginUser(body: LoginBody): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/loginUser', { method: 'POST', body });
}
