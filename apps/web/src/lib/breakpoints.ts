/**
 * The mobile breakpoint (specification §2, "Global behaviour": 600px). CSS media queries use the same number
 * (`@media (width < 600px)`); breakpoints.test.ts fails if a stylesheet uses any other width.
 */
export const MOBILE_BREAKPOINT_PX = 600;

/** True below the breakpoint: phones held upright and narrow windows. */
export const mobileMediaQuery = `(width < ${MOBILE_BREAKPOINT_PX}px)`;
