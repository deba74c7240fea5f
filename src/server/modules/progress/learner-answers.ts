// A learner's progress reads answered before Fastify sees them (lib/kept-answers-first.ts, docs/decisions/0062): the
// lesson page asks for its course's progress on every visit, and the route's pipeline (hooks, sign-in, schema,
// compression check) cost twice the answer itself. Answered this way only when everything the route would check is
// already settled: the request's session was looked up in the last few seconds (the session cache every sign-in
// uses, cleared in every process by a logout or a revocation), and what the route answered that learner at this
// very address is still kept (progress-cache.ts: forgotten by their next write). It goes out as the route sent it,
// security headers and `no-store` included. Anything else goes to the route: no session kept, nothing kept, another
// method or spelling of the address, or a client asking for compression of an answer the route would compress.
import type { KeptAnswerSource } from '../../lib/kept-answers-first';
import { compressedFormFor } from '../../lib/cached-answers';
import { keptUser, type SessionCache } from '../../plugins/current-user';
import { type LearnerProgressCache, progressReadKey } from './progress-cache';

export function learnerAnswers(sessions: SessionCache, progress: LearnerProgressCache): KeptAnswerSource {
  return {
    serve(request, response) {
      const { method, url } = request;
      if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return undefined;
      const key = progressReadKey(url);
      if (key === undefined) return undefined;
      const user = keptUser(sessions, request.headers['auth-token']);
      if (!user) return undefined;
      const answer = progress.answerOf(user.id, key);
      if (!answer || compressedFormFor(answer.bytes, request.headers['accept-encoding'])) return undefined;
      response.writeHead(200, answer.rawHeaders);
      response.end(method === 'HEAD' ? undefined : answer.json);
      return { status: 200, userId: user.id };
    },
  };
}
