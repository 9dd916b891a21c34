/** What a thumb under an answer says once pressed, and the reason form's words: they load with the first vote, not with every chat. */
export const feedbackEn = {
  /** Once a vote is stored (a thumbs up, or a thumbs down's reasons sent). */
  feedbackThanks: 'Thanks for your feedback',
  /** The form's title, naming the reason chips. */
  feedbackTitle: 'What went wrong?',
  reasonWrongListing: 'Wrong listing',
  reasonNotHelpful: "Didn't help",
  reasonIncorrect: 'Incorrect',
  reasonTooLong: 'Too long',
  feedbackComment: 'Anything else? (optional)',
  /** Shown under the comment as it nears its limit; `{n}` is how many characters may still be typed. */
  feedbackLeft: '{n} characters left',
  feedbackSend: 'Send',
  feedbackSkip: 'Skip',
};

export type FeedbackStrings = typeof feedbackEn;
