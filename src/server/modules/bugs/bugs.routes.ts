// BugsWorld (SPEC §7 paths). Every add and delete needs a signed-in user and deleting is for the author only
// (DESIGN §4); the bug list needs the token because it splits by caller; a bug and its solutions read publicly.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBugBody,
  addSolutionBody,
  bug,
  bugList,
  comment,
  getSolutionsBody,
  idParam,
} from '../../../shared/contract';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { signedInUser } from '../../plugins/current-user';
import { addBug, addSolution, deleteBug, deleteSolution, getBug, listBugs, listSolutions } from './bugs.service';

const idParams = z.object({ id: idParam });

export const bugsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const write = { preHandler: app.requireUser, config: perUserRateLimit(WRITES_PER_MINUTE) };

  app.post('/api/bug/addbug', { ...write, schema: { body: addBugBody, response: { 200: bug } } }, async (request) => {
    const result = await addBug(db, signedInUser(request), request.body);
    if (result.ok) return result.bug;
    throw badRequest(result.reason === 'blank-title' ? 'title is required' : 'description is empty: describe the bug');
  });

  app.get('/api/bug/getbug', { preHandler: app.requireUser, schema: { response: { 200: bugList } } }, async (request) =>
    listBugs(db, signedInUser(request).id),
  );

  app.get(
    '/api/bug/getBugDetail/:id',
    { schema: { params: idParams, response: { 200: z.array(bug) } } },
    async (request) => {
      const found = await getBug(db, request.params.id);
      if (!found) throw notFound('Bug not found');
      return [found];
    },
  );

  app.delete(
    '/api/bug/deletebug/:id',
    { ...write, schema: { params: idParams, response: { 200: bug } } },
    async (request) => {
      const result = await deleteBug(db, signedInUser(request), request.params.id);
      if (result.ok) return result.value;
      if (result.reason === 'not-owner') throw forbidden('You can only delete your own bugs');
      throw notFound('Bug not found');
    },
  );

  app.post(
    '/api/bug/addcomment',
    { ...write, schema: { body: addSolutionBody, response: { 200: comment } } },
    async (request) => {
      const result = await addSolution(db, signedInUser(request), request.body.bug, request.body.content);
      if (result.ok) return result.solution;
      if (result.reason === 'blank') throw badRequest('content is empty: write your solution first');
      throw notFound('Bug not found');
    },
  );

  app.post(
    '/api/bug/getcomment',
    { schema: { body: getSolutionsBody, response: { 200: z.array(comment) } } },
    async (request) => {
      const solutions = await listSolutions(db, request.body.bug);
      if (!solutions) throw notFound('Bug not found');
      return solutions;
    },
  );

  app.delete(
    '/api/bug/deletecomment/:id',
    { ...write, schema: { params: idParams, response: { 200: comment } } },
    async (request) => {
      const result = await deleteSolution(db, signedInUser(request), request.params.id);
      if (result.ok) return result.value;
      if (result.reason === 'not-owner') throw forbidden('You can only delete your own solutions');
      throw notFound('Solution not found');
    },
  );
};
