// The learning feature's chunk, loaded from one place: its route ('/learning'), the course cards' progress line and
// the home page's 'Continue learning' row. The list of chunks to preload with it is then written once, here in the
// entry, instead of into each lazy page that shows a card (docs/decisions/0005: the home page's budget is tight).
export const loadLearning = () => import('../features/learning');
