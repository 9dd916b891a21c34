/**
 * The elements that draw an answer's data blocks — its listing cards and its sources — in one
 * chunk, loaded the first time an answer carries either (cards.ts): one import in the panel for
 * both, which the text chat's budget counts.
 */
import './elements/chat-bot-listings.ts';
import './elements/chat-bot-sources.ts';
import './elements/chat-bot-handoff.ts';
