import { useRef, useState } from 'react';
// <ChatBot> (made by @lit/react): typed props for every property, set as properties, so
// `settings` reaches the element as an object; events as onChatBot… props; a ref to the element.
import { ChatBot, type ChatBotAnswerEvent, type ChatBotElement } from 'chat-bot-element/react';

const query = new URLSearchParams(location.search);
const serialNumber = query.get('serial-number') ?? '88cae252516c50b70ff41ff3f401077c';
const baseUrl = query.get('base-url') ?? 'http://localhost:8787';
// One object for the page's life: a new object each render would be set (and applied) again.
const settings = { UserInputPlaceholder: 'Ask the React app about homes…' };

type Theme = ChatBotElement['theme'];

export function App() {
  const bot = useRef<ChatBotElement>(null);
  const [locale, setLocale] = useState('en');
  const [theme, setTheme] = useState<Theme>('auto');
  const [chatState, setChatState] = useState<'open' | 'closed'>('closed');
  const [answers, setAnswers] = useState(0);
  const [lastAnswer, setLastAnswer] = useState('');

  const onAnswer = (event: ChatBotAnswerEvent) => {
    setAnswers((n) => n + 1);
    setLastAnswer(String(event.answerId));
  };

  return (
    <main>
      <h1>chat-bot in React 19</h1>
      <p className="controls">
        <label>
          Language{' '}
          <select value={locale} onChange={(e) => setLocale(e.target.value)}>
            <option value="en">English</option>
            <option value="es">Español</option>
            <option value="fr">Français</option>
          </select>
        </label>
        <label>
          Theme{' '}
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            <option value="auto">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </p>
      <p className="controls">
        <button type="button" onClick={() => void bot.current?.show()}>
          Open the chat
        </button>
        <button type="button" onClick={() => void bot.current?.send('3 bedroom homes in Austin under $500k')}>
          Ask about homes
        </button>
      </p>
      <p className="status">
        <label htmlFor="chat-state">Chat:</label> <output id="chat-state">{chatState}</output>
        <label htmlFor="answers">Answers:</label> <output id="answers">{answers}</output>
        <label htmlFor="last-answer">Last answer id:</label> <output id="last-answer">{lastAnswer}</output>
      </p>
      <ChatBot
        ref={bot}
        serialNumber={serialNumber}
        baseUrl={baseUrl}
        locale={locale}
        theme={theme}
        settings={settings}
        onChatBotOpen={() => setChatState('open')}
        onChatBotClose={() => setChatState('closed')}
        onChatBotAnswer={onAnswer}
      />
    </main>
  );
}
