// What other modules use of notifications: the events they write where things happen (one statement each, inside
// their own transaction).
export {
  blogPublished,
  bugAsked,
  certificateIssued,
  lessonCommented,
  lessonPublished,
  solutionAccepted,
  solutionAdded,
  solutionVoted,
} from './fan-out';
