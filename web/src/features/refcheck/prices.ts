// The Instant Check's advertised price (spec 2 section 9), for the type
// choice and the form's estimate. What is charged is the server's basket.
export const INSTANT_PENCE = 899
export const INSTANT_WAS_PENCE = 1799
