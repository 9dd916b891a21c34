/** The built-in languages other than English, each a chunk of its own, loaded with the panel when needed. */
import type { Language, PanelStrings } from '../strings.ts';

const chunks: Record<Exclude<Language, 'en'>, () => Promise<{ default: PanelStrings }>> = {
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
  pt: () => import('./pt.ts'),
  zh: () => import('./zh.ts'),
  ar: () => import('./ar.ts'),
};

/** The panel's words in a language; English is built into the launcher, so nothing to load for it. */
export async function loadStrings(lang: Language): Promise<Partial<PanelStrings>> {
  return lang === 'en' ? {} : (await chunks[lang]()).default;
}
