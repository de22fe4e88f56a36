/** What a link to the settings screen carries in its `state` to open one panel. */
export interface PanelLinkState {
  settingsPanel: unknown;
}

/**
 * A link's `state` opening the settings screen on one panel: the choice still lives in the screen's
 * state, not in the URL, as the spec says. Apart from the panels, so a page that links to one does
 * not load every editor.
 */
export const openPanel = (id: string): PanelLinkState => ({ settingsPanel: id });
