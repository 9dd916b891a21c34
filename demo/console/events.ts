/** The console's own events: its pages tell the shell what only the shell can do. */

/** The session key expired or was refused: sign in again. */
export class SessionEndedEvent extends Event {
  constructor() {
    super('session-ended', { bubbles: true, composed: true });
  }
}

/** Go to another page of the console (a hash route such as `#/listings`). */
export class NavigateEvent extends Event {
  /** `notice`: what the page just did, for the next page to say (a listing saved). */
  constructor(
    readonly route: string,
    readonly notice = '',
  ) {
    super('navigate', { bubbles: true, composed: true });
  }
}
