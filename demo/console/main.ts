/**
 * The owner's console: a Vite app built on the package's typed client (`chat-bot/client`), with the
 * widget itself (`chat-bot`) as the live preview of the settings being edited.
 */
import 'chat-bot';
import './owner-console.ts';
