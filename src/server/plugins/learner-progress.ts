// Each learner's progress reads, kept per process until they write progress, pass a practice item, or the catalogue
// changes (docs/decisions/0024): one cache per app, shared by the progress calls (which read and write it) and the
// practice calls (a pass changes the course's practice counts and completion). A write forgets its learner here
// before it answers; other processes forget when its announcement on PROGRESS_CHANNEL arrives.
import fp from 'fastify-plugin';
import { announcedLearners, type LearnerProgressCache, PROGRESS_CHANNEL } from '../modules/progress/progress-cache';

declare module 'fastify' {
  interface FastifyInstance {
    learnerProgress: LearnerProgressCache;
  }
}

export interface LearnerProgressOptions {
  /** The app shares it with the answers it gives before Fastify (modules/progress/learner-answers.ts). */
  kept: LearnerProgressCache;
}

export default fp<LearnerProgressOptions>(
  async (app, options) => {
    const { kept } = options;
    app.decorate('learnerProgress', kept);
    app.clearWithContent({ clear: () => kept.clear(), setEnabled: (on) => kept.setListening('content', on) });
    const unlisten = await app.database.listen(PROGRESS_CHANNEL, {
      onNotify: (payload) => {
        const learners = announcedLearners(payload);
        if (learners === 'everyone') kept.clear();
        else kept.forget(learners);
      },
      onConnected: (connected) => {
        if (!connected) app.log.warn('progress notifications lost: progress reads are not kept until they are back');
        kept.setListening('progress', connected);
      },
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
  { name: 'learner-progress', dependencies: ['database', 'content-cache'] },
);
