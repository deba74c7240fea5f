// A user's role as the server enforces it: the stored role, except that a verified account whose email is in
// ADMIN_EMAILS is an admin while it is listed (the bootstrap of the first admins).
import type { Role } from '../../shared/studio-rules';

export const isBootstrapAdmin = (user: { email: string; verified: boolean }, adminEmails: string[]) =>
  user.verified && adminEmails.includes(user.email.toLowerCase());

export const effectiveRole = (user: { email: string; role: Role; verified: boolean }, adminEmails: string[]): Role =>
  isBootstrapAdmin(user, adminEmails) ? 'admin' : user.role;
