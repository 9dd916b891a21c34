/**
 * The owner's console: a Vite app built on the package's typed client (`chat-bot-element/client`), with the
 * widget itself (`chat-bot`) as the live preview of the settings being edited.
 */
import 'chat-bot-element';
import './owner-console.ts';
