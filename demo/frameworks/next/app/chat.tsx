'use client';
// A CLIENT component: rendered to HTML on the server, then hydrated in the browser. <ChatBot>
// (from @lit/react) sets every prop as a PROPERTY of <chat-bot> after hydration, so `settings`
// arrives as an object, and maps the element's events to onChatBot… props.
import { useRef, useState } from 'react';
import { ChatBot, type ChatBotElement } from 'chat-bot-element/react';

type Theme = 'auto' | 'light' | 'dark';

// A constant, so the element gets the same object on every render.
const settings = { UserInputPlaceholder: 'Ask the Next.js app about homes…' };

export function Chat({ serialNumber, baseUrl }: { serialNumber: string; baseUrl: string }) {
  const bot = useRef<ChatBotElement>(null);
  const [locale, setLocale] = useState('en');
  const [theme, setTheme] = useState<Theme>('auto');
  const [chatState, setChatState] = useState<'open' | 'closed'>('closed');
  const [answers, setAnswers] = useState(0);
  const [lastAnswer, setLastAnswer] = useState('');

  return (
    <>
      <div className="controls">
        <label>
          Language
          <select value={locale} onChange={(e) => setLocale(e.target.value)}>
            <option value="en">English</option>
            <option value="es">Español</option>
            <option value="fr">Français</option>
          </select>
        </label>
        <label>
          Theme
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            <option value="auto">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <button type="button" onClick={() => void bot.current?.show()}>
          Open the chat
        </button>
        <button type="button" onClick={() => void bot.current?.send('3 bedroom homes in Austin under $500k')}>
          Ask about homes
        </button>
      </div>

      <p className="status">
        <span>
          Chat: <output id="chat-state">{chatState}</output>
        </span>
        <span>
          Answers: <output id="answers">{answers}</output>
        </span>
        <span>
          Last answer id: <output id="last-answer">{lastAnswer}</output>
        </span>
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
        onChatBotAnswer={(e) => {
          setAnswers((n) => n + 1);
          setLastAnswer(String(e.answerId));
        }}
      />
    </>
  );
}
