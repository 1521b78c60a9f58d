// The call tree's fixed sizes: the virtual list places rows by them, so a row's size is known before it is drawn.

/** A row's height, px (the header's too). */
export const ROW_HEIGHT = 34;
/** The height of a row's raw input and output when shown, px. */
export const DETAILS_HEIGHT = 176;
/** How far each level of calls is indented, px. */
export const INDENT = 18;
