/**
 * The id of the page's main landmark, wherever it is drawn (the shell's site layout, or an area's
 * SidebarLayout): the skip link's target.
 */
export const MAIN_CONTENT_ID = 'main-content';
