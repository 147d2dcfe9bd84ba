/** What an answer must never show: a stack frame, a Node internal, a source file with a line, a server path. */
export const STACK_TRACE =
  /\bat .+\(.+:\d+:\d+\)|node:internal|\.[cm]?[jt]s:\d+|\/work\/|node_modules|\/src\//;

/** Markup a hostile caller puts in names and values; no answer may repeat it. */
export const MARKUP_MARKER = '<img src=x onerror=alert(1)>';
