// The one range every date the product accepts falls in (the server's
// internal/platform/dates): date fields carry it as their min and max, so
// a year 0 or 9999 typed by slip is refused before it is sent.
export const DATE_MIN = '1900-01-01'
export const DATE_MAX = '2200-12-31'
export const MSG_DATE_RANGE = 'Please enter a date between 1 January 1900 and 31 December 2200.'

/** inDateRange says whether a YYYY-MM-DD date is within the range. */
export const inDateRange = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= DATE_MIN && d <= DATE_MAX
