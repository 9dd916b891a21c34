/// <reference types="chat-bot-element/react-jsx" />
/**
 * The raw tag, without chat-bot-element/react: React 19 sets a prop as a property when the element has
 * it, and `onchat-bot-answer` listens to the `chat-bot-answer` event. Not rendered by the app;
 * it is here so that the build type-checks the package's JSX typings (chat-bot-element/react-jsx).
 */
export function RawTag() {
  return <chat-bot serial-number="x" locale="fr" onchat-bot-answer={(e) => e.answerId} />;
}
