// What other modules may use of search: the safe tsquery built from any user text (BugsWorld search).
export { prefixTsquery } from './search-query';
