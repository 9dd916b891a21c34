/**
 * Asking for a person, in every language the engines read: the ways visitors ask (a real person, an
 * agent, a human, someone to call them), the demo's own welcome chip ("Talk to an agent") and the
 * assistant's own chip ("Book a viewing") — each answered with the handoff the widget opens in place,
 * never a pointer to a button elsewhere, never "I can't". Written, and first run, before the engines
 * were changed for it (docs/ANSWERS.md has both runs). On the demo's listings with its FAQ and pages:
 * "Talk to an agent" must not be taken for the FAQ about viewings.
 */
import type { EvalCase, Lang } from './types.ts';
import { person } from './predicates.ts';

const ask = (id: string, question: string, lang: Lang = 'en', locale?: string): EvalCase => ({
  id: lang === 'en' ? `person/${id}` : `${lang}/person/${id}`,
  category: 'person',
  ...(lang === 'en' ? {} : { lang }),
  ...(locale ? { locale } : {}),
  turns: [{ ask: question, expect: person }],
});

export const personCases: EvalCase[] = [
  ask('real-person', 'I want to talk to a real person'),
  ask('welcome-chip', 'Talk to an agent'),
  ask('speak-to-an-agent', 'can I speak to an agent?'),
  ask('get-me-a-human', 'get me a human'),
  ask('talk-to-a-human', 'talk to a human'),
  ask('someone-call-me', 'Can someone call me back?'),
  ask('realtor', "I'd like to speak with a realtor please"),
  ask('connect-me', 'connect me with one of your agents'),
  ask('chat-with-a-person', 'is there a person I can chat with?'),
  ask('representative', 'representative'),
  ask('live-agent', 'live agent please'),
  {
    id: 'person/book-a-viewing-chip',
    category: 'person',
    turns: [{ ask: '3 bedroom houses in Austin' }, { ask: 'Book a viewing', expect: person }],
  },
  ask('schedule-a-tour', 'I want to schedule a tour'),
  ask('real-person', 'quiero hablar con una persona real', 'es'),
  ask('agent', '¿puedo hablar con un agente?', 'es'),
  ask('call-me', '¿alguien me puede llamar?', 'es', 'es-MX'),
  ask('someone', "je voudrais parler à quelqu'un", 'fr'),
  ask('agent', 'puis-je parler à un agent ?', 'fr'),
  ask('advisor', 'mettez-moi en contact avec un conseiller', 'fr'),
  ask('agent', 'ich möchte mit einem Makler sprechen', 'de'),
  ask('human', 'kann ich mit einem Menschen reden?', 'de'),
  ask('agent', 'quero falar com um corretor', 'pt', 'pt-BR'),
  ask('person', 'posso falar com uma pessoa?', 'pt'),
  ask('agent', 'أريد التحدث مع وكيل', 'ar'),
  ask('person', 'هل يمكنني التحدث مع شخص حقيقي؟', 'ar'),
  ask('human', '我想和真人聊', 'zh'),
  ask('transfer', '可以帮我转人工吗', 'zh'),
  ask('agent', '我要跟经纪人谈', 'zh'),
];
