// The signed-in user as a Studio call hands them to the Studio's services: who, and with what role (401 when nobody
// is signed in). The Studio's routes, its preview calls and the practice module's Studio calls take them this way.
import type { FastifyRequest } from 'fastify';
import { signedInUser } from '../../plugins/current-user';
import type { Editor } from './studio-access';

export function editorOf(request: FastifyRequest): Editor {
  const { id, name, role } = signedInUser(request);
  return { id, name, role };
}
