/**
 * The built-in languages other than English, each a chunk of its own, loaded with the panel when it
 * speaks one, or with the first answer written in one (controllers/answer-context-controller.ts).
 */
import { en, type Language, type PanelStrings } from './index.ts';

const chunks: Record<Exclude<Language, 'en'>, () => Promise<{ default: PanelStrings }>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
  pt: () => import('./pt.ts'),
  zh: () => import('./zh.ts'),
  ar: () => import('./ar.ts'),
};

/** The panel's words in a language; English's are in the panel's own chunk (the launcher has only its three). */
export async function loadStrings(lang: Language): Promise<Partial<PanelStrings>> {
  return lang === 'en' ? en : (await chunks[lang]()).default;
}
