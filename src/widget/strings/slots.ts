/**
 * The English words of viewings booked in the chat — the times an answer offers, the booking form,
 * the confirmation. Every language's are in slots-languages.ts, which loads with the slots' own
 * chunk (elements/chat-bot-slots.ts); `strings` on <chat-bot> overrides any of them.
 */
export const slotsEn = {
  /** The name of the block of times an answer offers. */
  slotsTimes: 'Times to visit',
  /** Under the times when the chatbot's time zone is not the visitor's; `{zone}` is its name ("Central Time"). */
  slotsZone: 'Times are in {zone}.',
  slotsNone: 'No times are free just now.',
  bookTitle: 'Book a viewing',
  /** The time picked, on the form; `{day}` is "Saturday, March 7", `{time}` is "11:00 AM". */
  bookSlot: 'Viewing on {day} at {time}',
  bookName: 'Name',
  bookEmail: 'Email',
  bookPhone: 'Phone (optional)',
  bookSubmit: 'Book',
  bookCancel: 'Cancel',
  /** A field's error, read with the field: each names it. */
  bookNameMissing: 'Enter your name.',
  bookEmailMissing: 'Enter your email address.',
  bookEmailInvalid: 'Enter an email address like name@example.com.',
  /** When the service says the time was taken and gives no words of its own. */
  bookTaken: 'That time is no longer free. Please pick another.',
  bookWait: 'Too many tries just now. Please wait a moment and try again.',
  /** The confirmation in the chat. */
  booked: 'Your viewing of {address} is booked for {day} at {time}.',
  bookedInvite: 'A calendar invite was sent to {email}.',
  addToCalendar: 'Add to calendar',
  manageBooking: 'Change or cancel',
};

export type SlotsStrings = typeof slotsEn;
