// The token kinds the server's highlighter marks in code blocks (`span.hl-<kind>`, decision 0017): the server emits
// them and the web's stylesheet colours each per theme, so both read this one list.
export const HIGHLIGHT_TOKEN_KINDS = [
  'keyword',
  'string',
  'string-expression',
  'comment',
  'constant',
  'function',
  'parameter',
  'punctuation',
  'link',
  'inserted',
  'deleted',
  'changed',
] as const;
