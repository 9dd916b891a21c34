/**
 * What a visitor reads about their booking — its emails and its manage page — in the language of
 * their conversation (one of the seven the engines write; English otherwise). The agent's emails are
 * in English, as the service's other emails to the owner are.
 */

export interface ViewingWords {
  /** The BCP 47 tag dates are formatted in. */
  locale: string;
  booked: (address: string) => string;
  moved: (address: string) => string;
  cancelled: (address: string) => string;
  reminder: (address: string) => string;
  hello: (name: string) => string;
  when: (when: string, zone: string) => string;
  manage: (url: string) => string;
  invite: string;
  title: string;
  stateBooked: string;
  stateCancelled: string;
  cancel: string;
  /** Asked before cancelling: are you sure, and the two answers. */
  sure: string;
  keep: string;
  move: string;
  pick: string;
  noSlots: string;
  addToCalendar: string;
  done: { cancelled: string; moved: string };
  invalid: string;
  past: string;
}

const en: ViewingWords = {
  locale: 'en-US',
  booked: (a) => `Your viewing of ${a} is booked`,
  moved: (a) => `Your viewing of ${a} has moved`,
  cancelled: (a) => `Your viewing of ${a} is cancelled`,
  reminder: (a) => `Reminder: your viewing of ${a} is tomorrow`,
  hello: (n) => `Hello ${n},`,
  when: (w, z) => `When: ${w} (${z})`,
  manage: (u) => `To see, move or cancel it: ${u}`,
  invite: 'The calendar invite is attached.',
  title: 'Your viewing',
  stateBooked: 'Booked',
  stateCancelled: 'Cancelled',
  cancel: 'Cancel the viewing',
  sure: "Cancel this viewing? The agent and you get the calendar's cancellation.",
  keep: 'Keep it',
  move: 'Move it to this time',
  pick: 'Another time',
  noSlots: 'No other free times in the coming days.',
  addToCalendar: 'Add to calendar',
  done: { cancelled: 'The viewing is cancelled.', moved: 'The viewing is moved.' },
  invalid: 'This link is not valid. Please use the link in your confirmation email.',
  past: 'This viewing has already taken place.',
};

const es: ViewingWords = {
  locale: 'es',
  booked: (a) => `Su visita a ${a} está reservada`,
  moved: (a) => `Su visita a ${a} ha cambiado de hora`,
  cancelled: (a) => `Su visita a ${a} está cancelada`,
  reminder: (a) => `Recordatorio: su visita a ${a} es mañana`,
  hello: (n) => `Hola ${n}:`,
  when: (w, z) => `Cuándo: ${w} (${z})`,
  manage: (u) => `Para verla, cambiarla o cancelarla: ${u}`,
  invite: 'La invitación del calendario va adjunta.',
  title: 'Su visita',
  stateBooked: 'Reservada',
  stateCancelled: 'Cancelada',
  cancel: 'Cancelar la visita',
  sure: '¿Cancelar esta visita? El agente y usted recibirán la cancelación en el calendario.',
  keep: 'Mantenerla',
  move: 'Cambiarla a esta hora',
  pick: 'Otra hora',
  noSlots: 'No hay otras horas libres en los próximos días.',
  addToCalendar: 'Añadir al calendario',
  done: { cancelled: 'La visita está cancelada.', moved: 'La visita ha cambiado de hora.' },
  invalid: 'Este enlace no es válido. Use el enlace de su correo de confirmación.',
  past: 'Esta visita ya tuvo lugar.',
};

const fr: ViewingWords = {
  locale: 'fr',
  booked: (a) => `Votre visite de ${a} est réservée`,
  moved: (a) => `Votre visite de ${a} a été déplacée`,
  cancelled: (a) => `Votre visite de ${a} est annulée`,
  reminder: (a) => `Rappel : votre visite de ${a} a lieu demain`,
  hello: (n) => `Bonjour ${n},`,
  when: (w, z) => `Quand : ${w} (${z})`,
  manage: (u) => `Pour la voir, la déplacer ou l'annuler : ${u}`,
  invite: "L'invitation de calendrier est jointe.",
  title: 'Votre visite',
  stateBooked: 'Réservée',
  stateCancelled: 'Annulée',
  cancel: 'Annuler la visite',
  sure: "Annuler cette visite ? L'agent et vous recevrez l'annulation dans votre calendrier.",
  keep: 'La garder',
  move: 'La déplacer à cette heure',
  pick: 'Un autre horaire',
  noSlots: 'Aucun autre créneau libre dans les jours qui viennent.',
  addToCalendar: 'Ajouter au calendrier',
  done: { cancelled: 'La visite est annulée.', moved: 'La visite est déplacée.' },
  invalid: "Ce lien n'est pas valide. Utilisez le lien de votre e-mail de confirmation.",
  past: 'Cette visite a déjà eu lieu.',
};

const de: ViewingWords = {
  locale: 'de',
  booked: (a) => `Ihre Besichtigung von ${a} ist gebucht`,
  moved: (a) => `Ihre Besichtigung von ${a} wurde verschoben`,
  cancelled: (a) => `Ihre Besichtigung von ${a} ist abgesagt`,
  reminder: (a) => `Erinnerung: Ihre Besichtigung von ${a} ist morgen`,
  hello: (n) => `Hallo ${n},`,
  when: (w, z) => `Wann: ${w} (${z})`,
  manage: (u) => `Ansehen, verschieben oder absagen: ${u}`,
  invite: 'Die Kalendereinladung ist angehängt.',
  title: 'Ihre Besichtigung',
  stateBooked: 'Gebucht',
  stateCancelled: 'Abgesagt',
  cancel: 'Besichtigung absagen',
  sure: 'Diese Besichtigung absagen? Der Makler und Sie erhalten die Absage im Kalender.',
  keep: 'Behalten',
  move: 'Auf diese Zeit verschieben',
  pick: 'Andere Zeit',
  noSlots: 'In den nächsten Tagen sind keine anderen Zeiten frei.',
  addToCalendar: 'Zum Kalender hinzufügen',
  done: { cancelled: 'Die Besichtigung ist abgesagt.', moved: 'Die Besichtigung ist verschoben.' },
  invalid: 'Dieser Link ist ungültig. Bitte nutzen Sie den Link aus Ihrer Bestätigungs-E-Mail.',
  past: 'Diese Besichtigung hat schon stattgefunden.',
};

const pt: ViewingWords = {
  locale: 'pt',
  booked: (a) => `A sua visita a ${a} está marcada`,
  moved: (a) => `A sua visita a ${a} mudou de horário`,
  cancelled: (a) => `A sua visita a ${a} foi cancelada`,
  reminder: (a) => `Lembrete: a sua visita a ${a} é amanhã`,
  hello: (n) => `Olá ${n},`,
  when: (w, z) => `Quando: ${w} (${z})`,
  manage: (u) => `Para ver, mudar ou cancelar: ${u}`,
  invite: 'O convite de calendário vai em anexo.',
  title: 'A sua visita',
  stateBooked: 'Marcada',
  stateCancelled: 'Cancelada',
  cancel: 'Cancelar a visita',
  sure: 'Cancelar esta visita? O corretor e você receberão o cancelamento no calendário.',
  keep: 'Manter',
  move: 'Mudar para este horário',
  pick: 'Outro horário',
  noSlots: 'Não há outros horários livres nos próximos dias.',
  addToCalendar: 'Adicionar ao calendário',
  done: { cancelled: 'A visita foi cancelada.', moved: 'A visita mudou de horário.' },
  invalid: 'Este link não é válido. Use o link do seu e-mail de confirmação.',
  past: 'Esta visita já aconteceu.',
};

const ar: ViewingWords = {
  locale: 'ar',
  booked: (a) => `تم حجز موعد معاينة ${a}`,
  moved: (a) => `تم تغيير موعد معاينة ${a}`,
  cancelled: (a) => `تم إلغاء معاينة ${a}`,
  reminder: (a) => `تذكير: معاينة ${a} غدًا`,
  hello: (n) => `مرحبًا ${n}،`,
  when: (w, z) => `الموعد: ${w} (${z})`,
  manage: (u) => `لعرض الموعد أو تغييره أو إلغائه: ${u}`,
  invite: 'دعوة التقويم مرفقة.',
  title: 'موعد المعاينة',
  stateBooked: 'محجوز',
  stateCancelled: 'ملغى',
  cancel: 'إلغاء المعاينة',
  sure: 'هل تريد إلغاء هذه المعاينة؟ ستصلك أنت والوكيل رسالة الإلغاء في التقويم.',
  keep: 'الإبقاء عليها',
  move: 'نقلها إلى هذا الموعد',
  pick: 'موعد آخر',
  noSlots: 'لا توجد مواعيد أخرى متاحة في الأيام القادمة.',
  addToCalendar: 'إضافة إلى التقويم',
  done: { cancelled: 'تم إلغاء المعاينة.', moved: 'تم نقل المعاينة.' },
  invalid: 'هذا الرابط غير صالح. يرجى استخدام الرابط في رسالة التأكيد.',
  past: 'لقد تمت هذه المعاينة بالفعل.',
};

const zh: ViewingWords = {
  locale: 'zh-CN',
  booked: (a) => `您已预约看房：${a}`,
  moved: (a) => `您的看房时间已更改：${a}`,
  cancelled: (a) => `您的看房已取消：${a}`,
  reminder: (a) => `提醒：您明天看房：${a}`,
  hello: (n) => `${n}，您好：`,
  when: (w, z) => `时间：${w}（${z}）`,
  manage: (u) => `查看、更改或取消：${u}`,
  invite: '日历邀请见附件。',
  title: '您的看房预约',
  stateBooked: '已预约',
  stateCancelled: '已取消',
  cancel: '取消看房',
  sure: '要取消这次看房吗？您和经纪人都会收到日历取消通知。',
  keep: '保留',
  move: '改到这个时间',
  pick: '其他时间',
  noSlots: '未来几天没有其他空闲时间。',
  addToCalendar: '添加到日历',
  done: { cancelled: '看房已取消。', moved: '看房时间已更改。' },
  invalid: '此链接无效，请使用确认邮件中的链接。',
  past: '这次看房已经结束。',
};

const BY_LANGUAGE: Readonly<Record<string, ViewingWords>> = { en, es, fr, de, pt, ar, zh };

/** The words in `language` (a code such as "es"), English when it is not one of the seven. */
export const viewingWords = (language: string): ViewingWords => BY_LANGUAGE[language] ?? en;

/** English, for the agent. */
export const AGENT_WORDS = en;

/** The zone's name as the visitor reads it ("Central Time"), else its IANA name. */
export function zoneName(w: ViewingWords, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(w.locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** "Saturday, March 13, 2027 at 11:00 AM" in the words' locale and the chatbot's zone. */
export const whenText = (w: ViewingWords, start: Date, timeZone: string) =>
  new Intl.DateTimeFormat(w.locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(start);
