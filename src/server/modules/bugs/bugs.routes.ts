// BugsWorld: the specified calls and the Q&A calls added beside them. Every write needs a signed-in user; editing
// and deleting are for the author or an admin, accepting for the bug's author, voting for anyone but the
// solution's author. The bug lists need the token because they split by caller; a bug, its solutions and a
// lesson's bugs read publicly (a token, when sent, fills `myVote`).
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
import { perUserRateLimit, WRITES_PER_MINUTE } from '../../lib/per-user-rate-limit';
import { findUserByToken, signedInUser } from '../../plugins/current-user';
import { listBugPage, listBugs } from './bug-list.service';
import { acceptSolution, addBug, deleteBug, editBug, getBug, lessonBugs, suggestTags } from './bugs.service';
import { addSolution, deleteSolution, editSolution, listSolutionPage, listSolutions, vote } from './solutions.service';

const idParams = z.object({ id: idParam });
const lessonParams = z.object({ lessonId: idParam });
const isOn = (flag: string | undefined) =>
  flag === undefined || flag === '' ? undefined : flag === 'true' || flag === '1';

export const bugsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const write = { preHandler: app.requireUser, config: perUserRateLimit(WRITES_PER_MINUTE) };

  /** The caller when a valid token is sent to a public read; null otherwise (a bad token is not an error here). */
  const viewerOf = async (request: FastifyRequest) =>
    (await findUserByToken(db, request.headers['auth-token'], app.config.adminEmails))?.id ?? null;

  app.post('/api/bug/addbug', { ...write, schema: { body: addBugBody, response: { 200: bug } } }, async (request) =>
    addBug(db, signedInUser(request), request.body),
  );

  app.get(
    '/api/bug/list',
    { preHandler: app.requireUser, schema: { querystring: bugListQuery, response: { 200: bugPage } } },
    async (request) => {
      const { cursor, tag, q, unsolved, mine } = request.query;
      return listBugPage(
        db,
        signedInUser(request).id,
        { tag: tag || undefined, q, unsolved: isOn(unsolved), mine: isOn(mine) },
        cursor || undefined,
      );
    },
  );

  app.get('/api/bug/tags', { schema: { querystring: tagsQuery, response: { 200: tagSuggestions } } }, async (request) =>
    suggestTags(db, request.query.prefix ?? ''),
  );

  app.patch(
    '/api/bug/:id',
    { ...write, schema: { params: idParams, body: editBugBody, response: { 200: bug } } },
    async (request) => editBug(db, signedInUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/bug/:id/accepted',
    { ...write, schema: { params: idParams, body: acceptBody, response: { 200: bug } } },
    async (request) => acceptSolution(db, signedInUser(request), request.params.id, request.body.solution),
  );

  app.get(
    '/api/bug/:id/solutions',
    { schema: { params: idParams, querystring: solutionsQuery, response: { 200: solutionPage } } },
    async (request) =>
      listSolutionPage(db, request.params.id, await viewerOf(request), request.query.cursor || undefined),
  );

  app.patch(
    '/api/bug/comment/:id',
    { ...write, schema: { params: idParams, body: editSolutionBody, response: { 200: solution } } },
    async (request) => editSolution(db, signedInUser(request), request.params.id, request.body.content),
  );

  app.put(
    '/api/bug/comment/:id/vote',
    { ...write, schema: { params: idParams, body: voteBody, response: { 200: voteResult } } },
    async (request) => {
      // A vote may commit without waiting for the disk (decision 0023).
      return vote(app.database.relaxedDb, signedInUser(request), request.params.id, request.body.value);
    },
  );

  app.get(
    '/api/lession/:lessonId/bugs',
    { schema: { params: lessonParams, response: { 200: z.array(lessonBug) } } },
    async (request) => lessonBugs(db, request.params.lessonId),
  );

  app.get('/api/bug/getbug', { preHandler: app.requireUser, schema: { response: { 200: bugList } } }, async (request) =>
    listBugs(db, signedInUser(request).id),
  );

  app.get(
    '/api/bug/getBugDetail/:id',
    { schema: { params: idParams, response: { 200: z.array(bug) } } },
    async (request) => [await getBug(db, request.params.id)],
  );

  app.delete(
    '/api/bug/deletebug/:id',
    { ...write, schema: { params: idParams, response: { 200: bug } } },
    async (request) => deleteBug(db, signedInUser(request), request.params.id),
  );

  app.post(
    '/api/bug/addcomment',
    { ...write, schema: { body: addSolutionBody, response: { 200: solution } } },
    async (request) => addSolution(db, signedInUser(request), request.body.bug, request.body.content),
  );

  app.post(
    '/api/bug/getcomment',
    { schema: { body: getSolutionsBody, response: { 200: z.array(solution) } } },
    async (request) => listSolutions(db, request.body.bug, await viewerOf(request)),
  );

  app.delete(
    '/api/bug/deletecomment/:id',
    { ...write, schema: { params: idParams, response: { 200: comment } } },
    async (request) => deleteSolution(db, signedInUser(request), request.params.id),
  );
};
