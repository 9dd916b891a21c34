// A SERVER component: it runs in Node only. It reads the query string, asks the service for the
// chatbot's public settings with the package's typed client, and renders the client component.
import { createClient } from 'chat-bot-element/client';
import { Chat } from './chat';

const DEFAULT_SERIAL = '88cae252516c50b70ff41ff3f401077c';
const DEFAULT_BASE_URL = 'http://localhost:8787';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The chatbot's name, or null when the service cannot be reached or refuses (the page renders anyway). */
async function chatbotName(baseUrl: string, serialNumber: string): Promise<string | null> {
  try {
    const settings = await createClient({ baseUrl }).get({ serialNumber }, { signal: AbortSignal.timeout(5000) });
    return settings.Name || null;
  } catch (error) {
    console.warn(`Could not read the chatbot's settings from ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const serialNumber = first(params['serial-number']) || DEFAULT_SERIAL;
  const baseUrl = first(params['base-url']) || DEFAULT_BASE_URL;
  const name = await chatbotName(baseUrl, serialNumber);

  return (
    <main>
      <h1>{name ? `${name} — chat-bot in Next.js` : 'chat-bot in Next.js'}</h1>
      <Chat serialNumber={serialNumber} baseUrl={baseUrl} />
    </main>
  );
}
