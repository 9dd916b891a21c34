/** Reading an answer's handoff block (src/protocol/handoff.ts): the way to a person it offers or opens. */
export { HANDOFF_INFO, handoffOf, type Handoff } from '../protocol/handoff.ts';
