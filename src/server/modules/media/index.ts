// What other modules may use from media: the Studio reads a lesson video's duration when a lesson gets its link.
export { durationOfLink } from './media-duration';
export { createMediaStorage } from './media-storage';
