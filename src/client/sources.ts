/**
 * Reading an answer's sources (src/protocol/sources.ts) from its `sources` block, for clients that
 * show them: the widget's, or your own. Apart from the client's index, whose run-time code every
 * chat loads: these load with the first answer that names a source.
 */
export { parseSources, sourceOfLine } from '../protocol/sources.ts';
