/**
 * The sentences of an answer that offers times to see a home (answer/viewing.ts), in each language
 * the engine writes: what was found for the time asked, over the slots block the widget draws as
 * buttons. Days and times are the visitor's language's, in the chatbot's zone (Intl).
 */
import type { LanguageCode } from '../languages/types.ts';

/** How the times offered relate to what was asked. */
export type SlotsOutcome =
  /** The very time asked is free: it comes first. */
  | { kind: 'exact'; when: string }
  /** The day asked has free times (not the time asked, when one was: `taken`). */
  | { kind: 'day'; day: string; taken?: string }
  /** The day asked has none: the next days' times. */
  | { kind: 'later'; day: string }
  /** Nothing was asked: the next free times. */
  | { kind: 'next' }
  /** No free time at all within `days` days. */
  | { kind: 'none'; days: number }
  /** A viewing booked is to be moved or cancelled: its own link does it. */
  | { kind: 'change' };

interface SlotWords {
  locale: string;
  exact: (when: string, home: string) => string;
  day: (day: string, home: string) => string;
  taken: (time: string) => string;
  later: (day: string, home: string) => string;
  next: (home: string) => string;
  none: (home: string, days: number) => string;
  change: string;
}

const WORDS: Readonly<Record<LanguageCode, SlotWords>> = {
  en: {
    locale: 'en-US',
    exact: (w, h) => `**${w}** is free to see **${h}** — pick it below to book it, or choose another time.`,
    day: (d, h) => `These are the free times on **${d}** to see **${h}** — pick one to book it.`,
    taken: (t) => `${t} is not free.`,
    later: (d, h) =>
      `There are no free times on **${d}**; these are the next ones to see **${h}** — pick one to book it.`,
    next: (h) => `These are the next free times to see **${h}** — pick one to book it.`,
    none: (h, n) =>
      `There are no free times to see **${h}** in the next ${n} days. Leave your name and email, and the team will find one with you.`,
    change:
      'To move or cancel a viewing you booked, use **Change or cancel** under its confirmation in this chat, or the link in the email we sent you.',
  },
  es: {
    locale: 'es',
    exact: (w, h) =>
      `Hay una hora libre el **${w}** para ver **${h}**: elíjala abajo para reservarla, o elija otra hora.`,
    day: (d, h) => `Estas son las horas libres del **${d}** para ver **${h}**: elija una para reservar.`,
    taken: (t) => `Las ${t} no están libres.`,
    later: (d, h) =>
      `No hay horas libres el **${d}**; estas son las siguientes para ver **${h}**: elija una para reservar.`,
    next: (h) => `Estas son las próximas horas libres para ver **${h}**: elija una para reservar.`,
    none: (h, n) =>
      `No hay horas libres para ver **${h}** en los próximos ${n} días. Deje su nombre y su correo y el equipo buscará una con usted.`,
    change:
      'Para cambiar o cancelar una visita reservada, use **Cambiar o cancelar** bajo su confirmación en este chat, o el enlace del correo que le enviamos.',
  },
  fr: {
    locale: 'fr',
    exact: (w, h) =>
      `**${w}** est libre pour visiter **${h}** : choisissez ce créneau ci-dessous pour réserver, ou un autre.`,
    day: (d, h) => `Voici les créneaux libres du **${d}** pour visiter **${h}** : choisissez-en un pour réserver.`,
    taken: (t) => `${t} n'est pas libre.`,
    later: (d, h) =>
      `Il n'y a pas de créneau libre le **${d}** ; voici les suivants pour visiter **${h}** : choisissez-en un pour réserver.`,
    next: (h) => `Voici les prochains créneaux libres pour visiter **${h}** : choisissez-en un pour réserver.`,
    none: (h, n) =>
      `Il n'y a pas de créneau libre pour visiter **${h}** dans les ${n} prochains jours. Laissez votre nom et votre e-mail, l'équipe en trouvera un avec vous.`,
    change:
      "Pour déplacer ou annuler une visite réservée, utilisez **Modifier ou annuler** sous sa confirmation dans ce chat, ou le lien de l'e-mail que nous vous avons envoyé.",
  },
  de: {
    locale: 'de',
    exact: (w, h) =>
      `**${w}** ist für eine Besichtigung von **${h}** frei – wählen Sie den Termin unten, um ihn zu buchen, oder eine andere Zeit.`,
    day: (d, h) =>
      `Das sind die freien Zeiten am **${d}** für eine Besichtigung von **${h}** – wählen Sie eine, um sie zu buchen.`,
    taken: (t) => `${t} ist nicht frei.`,
    later: (d, h) =>
      `Am **${d}** ist keine Zeit frei; das sind die nächsten für eine Besichtigung von **${h}** – wählen Sie eine, um sie zu buchen.`,
    next: (h) =>
      `Das sind die nächsten freien Zeiten für eine Besichtigung von **${h}** – wählen Sie eine, um sie zu buchen.`,
    none: (h, n) =>
      `In den nächsten ${n} Tagen ist keine Zeit für eine Besichtigung von **${h}** frei. Hinterlassen Sie Ihren Namen und Ihre E-Mail, dann findet das Team einen Termin mit Ihnen.`,
    change:
      'Um eine gebuchte Besichtigung zu verschieben oder abzusagen, nutzen Sie **Ändern oder absagen** unter ihrer Bestätigung in diesem Chat oder den Link in der E-Mail, die wir Ihnen geschickt haben.',
  },
  pt: {
    locale: 'pt-BR',
    exact: (w, h) => `**${w}** está livre para visitar **${h}**: escolha abaixo para marcar, ou escolha outro horário.`,
    day: (d, h) => `Estes são os horários livres de **${d}** para visitar **${h}**: escolha um para marcar.`,
    taken: (t) => `${t} não está livre.`,
    later: (d, h) =>
      `Não há horários livres em **${d}**; estes são os próximos para visitar **${h}**: escolha um para marcar.`,
    next: (h) => `Estes são os próximos horários livres para visitar **${h}**: escolha um para marcar.`,
    none: (h, n) =>
      `Não há horários livres para visitar **${h}** nos próximos ${n} dias. Deixe seu nome e seu e-mail, e a equipe encontrará um com você.`,
    change:
      'Para mudar ou cancelar uma visita marcada, use **Alterar ou cancelar** abaixo da confirmação neste chat, ou o link do e-mail que enviamos.',
  },
  ar: {
    locale: 'ar',
    exact: (w, h) => `موعد **${w}** متاح لمعاينة **${h}**: اختره أدناه للحجز، أو اختر موعدًا آخر.`,
    day: (d, h) => `هذه هي المواعيد المتاحة يوم **${d}** لمعاينة **${h}**: اختر موعدًا للحجز.`,
    taken: (t) => `الساعة ${t} غير متاحة.`,
    later: (d, h) => `لا توجد مواعيد متاحة يوم **${d}**؛ هذه هي المواعيد التالية لمعاينة **${h}**: اختر موعدًا للحجز.`,
    next: (h) => `هذه هي أقرب المواعيد المتاحة لمعاينة **${h}**: اختر موعدًا للحجز.`,
    none: (h, n) =>
      `لا توجد مواعيد متاحة لمعاينة **${h}** في الأيام الـ${n} القادمة. اترك اسمك وبريدك الإلكتروني وسيجد الفريق موعدًا معك.`,
    change:
      'لتغيير موعد معاينة محجوز أو إلغائه، استخدم **تغيير أو إلغاء** أسفل تأكيده في هذه المحادثة، أو الرابط في الرسالة التي أرسلناها إليك.',
  },
  zh: {
    locale: 'zh-CN',
    exact: (w, h) => `**${w}**可以看房（**${h}**）：在下方选择即可预约，也可以选其他时间。`,
    day: (d, h) => `以下是**${d}**可以看**${h}**的空闲时间，选一个即可预约。`,
    taken: (t) => `${t}已被预约。`,
    later: (d, h) => `**${d}**没有空闲时间；以下是之后可以看**${h}**的时间，选一个即可预约。`,
    next: (h) => `以下是最近几天可以去看**${h}**的空闲时间，请在下面选择一个时间预约看房。`,
    none: (h, n) => `未来${n}天内没有可以看**${h}**的空闲时间。请留下您的姓名和邮箱，团队会与您约定时间。`,
    change: '如需更改或取消已预约的看房，请使用本聊天中确认信息下方的**更改或取消**，或我们发给您的邮件中的链接。',
  },
};

/** The sentence over the offered times, in `language`; `home` is Markdown already. */
export function slotsText(language: LanguageCode, outcome: SlotsOutcome, home: string): string {
  const w = WORDS[language];
  switch (outcome.kind) {
    case 'exact':
      return w.exact(outcome.when, home);
    case 'day':
      return `${outcome.taken ? `${w.taken(outcome.taken)} ` : ''}${w.day(outcome.day, home)}`;
    case 'later':
      return w.later(outcome.day, home);
    case 'next':
      return w.next(home);
    case 'none':
      return w.none(home, outcome.days);
    case 'change':
      return w.change;
  }
}

/** The locale the language's days and times are written in. */
export const slotsLocale = (language: LanguageCode) => WORDS[language].locale;
