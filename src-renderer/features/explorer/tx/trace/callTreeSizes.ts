// The call tree's fixed sizes: the virtual list places rows by them, so a row's size is known before it is drawn.

/** A row's height, px (the header's too). */
export const ROW_HEIGHT = 34;
/** The height of the line under a frame that failed of its own accord: its revert, decoded, px. */
export const FAILURE_HEIGHT = 24;
/** The height of a row's raw input and output when shown, px. */
export const DETAILS_HEIGHT = 156;
/** How far each level of calls is indented, px. */
export const INDENT = 18;
/** The width of a row's fold toggle, px (the same in trace.css). */
export const TOGGLE_WIDTH = 18;
