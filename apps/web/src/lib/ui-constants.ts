/**
 * Interaction constants shared by every screen (specification §9). Components that show tooltips, popovers
 * or a carousel take their timing from here rather than from the UI kit's defaults.
 */

/** A tooltip's element is removed this long after it hides, so a quick re-hover reuses it. */
export const TOOLTIP_DISPOSE_DELAY_MS = 5000;

/** A touch that moves less than this still counts as a tap on a popover's trigger. */
export const POPOVER_TAP_TOLERANCE_PX = 20;

/** Time each slide of a carousel (the home page's testimonial slider) stays before the next. */
export const CAROUSEL_INTERVAL_MS = 5000;

/** A horizontal swipe shorter than this does not change the carousel's slide. */
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
