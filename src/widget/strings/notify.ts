/** The tab title's English words while it flashes (notify-title): they load with that code, not with every chat. */
export const notifyEn = {
  /** The tab's title, every other second, while answers wait unseen in a hidden tab. */
  newMessageTitle: '({n}) New message',
};

export type NotifyStrings = typeof notifyEn;
