// How both rich-text editors (comments/bugs and the Studio's) make links: typed or pasted http(s)/mailto URLs become
// links, except inside inline code or a code block, where text stays code (Tiptap's autolink and paste rule skip
// code; editor-link-options.test.ts holds it to that).
export const EDITOR_LINK_OPTIONS = {
  openOnClick: false,
  autolink: true,
  protocols: ['http', 'https', 'mailto'],
};
