// BugsWorld (SPEC §7 paths, and issue 12's Q&A calls). Every write needs a signed-in user; editing and deleting are
// for the author or an admin, accepting for the bug's author, voting for anyone but the solution's author. The bug
// lists need the token because they split by caller; a bug, its solutions and a lesson's bugs read publicly (a
// token, when sent, fills `myVote`).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptBody,
  addBugBody,
  addSolutionBody,
  bug,
  bugList,
  bugListQuery,
  bugPage,
  comment,
  editBugBody,
  editSolutionBody,
  getSolutionsBody,
  idParam,
  lessonBug,
  solution,
  solutionPage,
  solutionsQuery,
  tagsQuery,
  tagSuggestions,
  voteBody,
  voteResult,
} from '../../../shared/contract';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { findUserByToken, signedInUser } from '../../plugins/current-user';
import {
  acceptSolution,
  addBug,
  addSolution,
  deleteBug,
  deleteSolution,
  editBug,
  editSolution,
  getBug,
  lessonBugs,
  listBugPage,
  listBugs,
  listSolutionPage,
  listSolutions,
  suggestTags,
  vote,
} from './bugs.service';

const idParams = z.object({ id: idParam });
const lessonParams = z.object({ lessonId: idParam });
const BAD_CURSOR = 'cursor is not one this server issued (start again without it)';
const isOn = (flag: string | undefined) =>
  flag === undefined || flag === '' ? undefined : flag === 'true' || flag === '1';

export const bugsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const write = { preHandler: app.requireUser, config: perUserRateLimit(WRITES_PER_MINUTE) };

  /** The caller when a valid token is sent to a public read; null otherwise (a bad token is not an error here). */
  const viewerOf = async (request: FastifyRequest) =>
    (await findUserByToken(db, request.headers['auth-token'], app.config.adminEmails))?.id ?? null;

  app.post('/api/bug/addbug', { ...write, schema: { body: addBugBody, response: { 200: bug } } }, async (request) => {
    const result = await addBug(db, signedInUser(request), request.body);
    if (result.ok) return result.bug;
    if (result.reason === 'lesson-not-found') throw badRequest('lesson not found: lesson.id names no lesson');
    throw badRequest(result.reason === 'blank-title' ? 'title is required' : 'description is empty: describe the bug');
  });

  app.get(
    '/api/bug/list',
    { preHandler: app.requireUser, schema: { querystring: bugListQuery, response: { 200: bugPage } } },
    async (request) => {
      const { cursor, tag, q, unsolved, mine } = request.query;
      const result = await listBugPage(
        db,
        signedInUser(request).id,
        { tag: tag || undefined, q, unsolved: isOn(unsolved), mine: isOn(mine) },
        cursor || undefined,
      );
      if (!result.ok) throw badRequest(BAD_CURSOR);
      return result.page;
    },
  );

  app.get('/api/bug/tags', { schema: { querystring: tagsQuery, response: { 200: tagSuggestions } } }, async (request) =>
    suggestTags(db, request.query.prefix ?? ''),
  );

  app.patch(
    '/api/bug/:id',
    { ...write, schema: { params: idParams, body: editBugBody, response: { 200: bug } } },
    async (request) => {
      const result = await editBug(db, signedInUser(request), request.params.id, request.body);
      if (result.ok) return result.value;
      if (result.reason === 'not-owner') throw forbidden('You can only edit your own bugs');
      if (result.reason === 'blank-title') throw badRequest('title is required');
      if (result.reason === 'blank-description') throw badRequest('description is empty: describe the bug');
      throw notFound('Bug not found');
    },
  );

  app.put(
    '/api/bug/:id/accepted',
    { ...write, schema: { params: idParams, body: acceptBody, response: { 200: bug } } },
    async (request) => {
      const result = await acceptSolution(db, signedInUser(request), request.params.id, request.body.solution);
      if (result.ok) return result.bug;
      if (result.reason === 'not-owner') throw forbidden("Only the bug's author can accept a solution");
      if (result.reason === 'other-bug') throw badRequest('solution does not answer this bug');
      if (result.reason === 'solution-not-found') throw badRequest('solution not found');
      throw notFound('Bug not found');
    },
  );

  app.get(
    '/api/bug/:id/solutions',
    { schema: { params: idParams, querystring: solutionsQuery, response: { 200: solutionPage } } },
    async (request) => {
      const result = await listSolutionPage(
        db,
        request.params.id,
        await viewerOf(request),
        request.query.cursor || undefined,
      );
      if (!result) throw notFound('Bug not found');
      if (!result.ok) throw badRequest(BAD_CURSOR);
      return result.page;
    },
  );

  app.patch(
    '/api/bug/comment/:id',
    { ...write, schema: { params: idParams, body: editSolutionBody, response: { 200: solution } } },
    async (request) => {
      const result = await editSolution(db, signedInUser(request), request.params.id, request.body.content);
      if (result.ok) return result.value;
      if (result.reason === 'not-owner') throw forbidden('You can only edit your own solutions');
      if (result.reason === 'not-found') throw notFound('Solution not found');
      throw badRequest('content is empty: write your solution first');
    },
  );

  app.put(
    '/api/bug/comment/:id/vote',
    { ...write, schema: { params: idParams, body: voteBody, response: { 200: voteResult } } },
    async (request) => {
      // A vote may commit without waiting for the disk (decision 0023).
      const result = await vote(app.database.relaxedDb, signedInUser(request), request.params.id, request.body.value);
      if (result.ok) return result.value;
      if (result.reason === 'own') throw forbidden('You cannot vote on your own solution');
      throw notFound('Solution not found');
    },
  );

  app.get(
    '/api/lession/:lessonId/bugs',
    { schema: { params: lessonParams, response: { 200: z.array(lessonBug) } } },
    async (request) => {
      const found = await lessonBugs(db, request.params.lessonId);
      if (!found) throw notFound('Lesson not found');
      return found;
    },
  );

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
    { ...write, schema: { body: addSolutionBody, response: { 200: solution } } },
    async (request) => {
      const result = await addSolution(db, signedInUser(request), request.body.bug, request.body.content);
      if (result.ok) return result.solution;
      if (result.reason === 'blank') throw badRequest('content is empty: write your solution first');
      throw notFound('Bug not found');
    },
  );

  app.post(
    '/api/bug/getcomment',
    { schema: { body: getSolutionsBody, response: { 200: z.array(solution) } } },
    async (request) => {
      const solutions = await listSolutions(db, request.body.bug, await viewerOf(request));
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
