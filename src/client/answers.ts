/**
 * Reading an answer's prose and follow-ups (src/protocol/answer.ts). The widget's panel, which every
 * chat loads, imports this and not the client's index: what only a lazy part of it uses (the event
 * streams, the handoff's reader) then never joins the panel.
 */
export { CARDS_INFO, SOURCES_INFO, SUGGESTIONS_INFO, answerProse, parseSuggestions } from '../protocol/answer.ts';
