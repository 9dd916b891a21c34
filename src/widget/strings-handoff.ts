/** The "Talk to a person" form's English words: they load with the form, not with every chat. */
export const handoffEn = {
  handoffTitle: 'Talk to a person',
  handoffIntro: 'Leave your details and someone from the team will get back to you.',
  name: 'Name',
  email: 'Email',
  handoffMessage: 'How can we help?',
  handoffSubmit: 'Send',
  cancel: 'Cancel',
};

export type HandoffStrings = typeof handoffEn;
