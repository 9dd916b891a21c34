/** The "Talk to a person" form's English words: they load with the form, not with every chat. */
export const handoffEn = {
  handoffTitle: 'Talk to a person',
  handoffIntro: 'Leave your details and someone from the team will get back to you.',
  name: 'Name',
  email: 'Email',
  handoffMessage: 'How can we help?',
  handoffSubmit: 'Send',
  cancel: 'Cancel',
  /** Before the listing the form is about (from a listing card), on the form and in the message sent. */
  handoffAbout: 'About this home',
  /** A person came into the chat, or left it (controllers/live-controller.ts). */
  agentJoined: '{name} joined the conversation',
  agentLeft: '{name} left the conversation',
};

export type HandoffStrings = typeof handoffEn;
