// What other features may use from notifications: a bug page's Watch button. (The bell is the navbar's own lazy
// chunk, and the pages are routes.)
export { WatchButton } from './watch-button';
