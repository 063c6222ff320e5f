// For the type check only (page and worker projects); never shipped.

/**
 * clearTimeout takes null too (WebIDL turns it into 0: no timer), which the
 * runtime's modules use for "no timer".
 */
declare function clearTimeout(id: ReturnType<typeof setTimeout> | null | undefined): void;
