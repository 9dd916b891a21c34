/**
 * Viewings booked in the chat [ext] (API.md §3.11, PROTOCOL.md *Viewings*): the free slots of a
 * listing, a booking, its cancellation and its move, and the owner's list of bookings.
 */
import { Type, type Static } from 'typebox';
import { LIMITS, VIEWING_LIMITS } from './rules.ts';
import { day, ranged } from './conversations.ts';
import { email, integer, requiredText, serialNumber, sessionId, text } from './fields.ts';

const INSTANT_RULE = 'must be an ISO 8601 instant with its offset, such as "2027-03-13T17:00:00Z"';
// A date, a time to the minute or second (a fraction allowed), and Z or an offset.
const INSTANT_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})$';
const INSTANT = new RegExp(INSTANT_PATTERN);

/** An instant as ISO 8601 with Z or an offset. */
export const instant = () =>
  Type.Refine(
    Type.String({
      rule: INSTANT_RULE,
      jsonSchema: { pattern: INSTANT_PATTERN, 'x-rule': 'A real date and time (RFC 3339), seconds optional.' },
    }),
    (v) => typeof v === 'string' && INSTANT.test(v) && !Number.isNaN(Date.parse(v)),
    () => INSTANT_RULE,
  );

/** One of the chatbot's listings, named as a visitor's widget knows it: its Id, MLS number or Url. */
const listingRef = () =>
  Type.String({
    minLength: 1,
    maxLength: LIMITS.urlChars,
    rule: `must name a listing by its Id, MLS number or Url (1 to ${LIMITS.urlChars} characters)`,
  });

/** `POST /chat/Chat/ViewingSlots`. */
export const ViewingSlotsBody = Type.Object(
  {
    sessionID: sessionId(),
    listing: listingRef(),
    /** The first instant to look from (the notice still applies); default now. */
    from: Type.Optional(instant()),
    /** How many days from `from` to look through (at most the chatbot's ViewingDays ahead of now). */
    days: Type.Optional(integer(1, VIEWING_LIMITS.days.max)),
  },
  { additionalProperties: false },
);
export type ViewingSlotsBody = Static<typeof ViewingSlotsBody>;

export const ViewingSlot = Type.Object({
  Start: Type.String({ description: 'ISO 8601 instant (UTC)' }),
  End: Type.String({ description: 'ISO 8601 instant (UTC)' }),
});
export type ViewingSlot = Static<typeof ViewingSlot>;

export const ViewingSlots = Type.Object({
  /** The chatbot's TimeZone: the slots are shown in it. */
  TimeZone: Type.String(),
  Slots: Type.Array(ViewingSlot),
});
export type ViewingSlots = Static<typeof ViewingSlots>;

/** `POST /chat/Chat/ViewingBook`. */
export const ViewingBookBody = Type.Object(
  {
    sessionID: sessionId(),
    listing: listingRef(),
    /** A free slot's Start. */
    start: instant(),
    name: requiredText(VIEWING_LIMITS.nameChars),
    email: email(),
    phone: Type.Optional(
      Type.String({
        maxLength: VIEWING_LIMITS.phoneChars,
        pattern: '^$|^\\+?[0-9(][0-9 ().\\-/]{4,38}[0-9]$',
        rule: 'must be a phone number (digits, spaces, + ( ) . - /, at least 6 digits long) or empty',
      }),
    ),
    note: Type.Optional(text(VIEWING_LIMITS.noteChars)),
  },
  { additionalProperties: false },
);
export type ViewingBookBody = Static<typeof ViewingBookBody>;

export const VIEWING_STATES = ['booked', 'cancelled'] as const;

/** A booking as its visitor sees it (ViewingBook, ViewingCancel, ViewingReschedule). */
export const ViewingBooking = Type.Object({
  Id: Type.String({ description: 'The booking id (a UUID)' }),
  State: Type.Union([Type.Literal('booked'), Type.Literal('cancelled')]),
  Start: Type.String({ description: 'ISO 8601 instant (UTC)' }),
  End: Type.String({ description: 'ISO 8601 instant (UTC)' }),
  TimeZone: Type.String(),
  Listing: Type.Object({ Id: Type.String(), Address: Type.String() }),
  Email: Type.String(),
  /** The page the service serves to see, move or cancel the booking; its `token` is the credential. */
  ManageUrl: Type.String(),
  /** The booking's calendar file (.ics), for "Add to calendar". */
  CalendarUrl: Type.String(),
});
export type ViewingBooking = Static<typeof ViewingBooking>;

const token = () =>
  Type.String({
    pattern: '^[A-Za-z0-9_-]{20,100}$',
    rule: "must be the token of a booking's ManageUrl",
  });

/** `POST /chat/Chat/ViewingCancel`: the token of ManageUrl is the only credential. */
export const ViewingCancelBody = Type.Object({ token: token() }, { additionalProperties: false });
export type ViewingCancelBody = Static<typeof ViewingCancelBody>;

/** `POST /chat/Chat/ViewingReschedule`. */
export const ViewingRescheduleBody = Type.Object({ token: token(), start: instant() }, { additionalProperties: false });
export type ViewingRescheduleBody = Static<typeof ViewingRescheduleBody>;

/** The owner's `POST /chat/Chatbot/ViewingCancel`. */
export const OwnerViewingCancelBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Id: Type.String({
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      rule: 'must be a booking id (a UUID)',
    }),
  },
  { additionalProperties: false },
);
export type OwnerViewingCancelBody = Static<typeof OwnerViewingCancelBody>;

/** `POST /chat/Chatbot/ViewingList`: bookings whose start falls on From…To (days in TimeZone), soonest first. */
export const ViewingListBody = ranged(
  Type.Object(
    {
      SerialNumber: serialNumber(),
      From: Type.Optional(day()),
      To: Type.Optional(day()),
      State: Type.Optional(
        Type.Union([Type.Literal('booked'), Type.Literal('cancelled')], { rule: 'must be "booked" or "cancelled"' }),
      ),
      Page: Type.Optional(integer(1, 1_000_000)),
      PageSize: Type.Optional(integer(1, LIMITS.pageSizeMax)),
    },
    { additionalProperties: false },
  ),
);
export type ViewingListBody = Static<typeof ViewingListBody>;

/** A booking as the owner sees it. */
export const Viewing = Type.Object({
  Id: Type.String(),
  State: Type.Union([Type.Literal('booked'), Type.Literal('cancelled')]),
  Start: Type.String({ description: 'ISO 8601 instant (UTC)' }),
  End: Type.String({ description: 'ISO 8601 instant (UTC)' }),
  Listing: Type.Object({ Id: Type.String(), Address: Type.String(), MLSNumber: Type.String(), Url: Type.String() }),
  SessionID: Type.Integer(),
  Name: Type.String(),
  Email: Type.String(),
  Phone: Type.String(),
  Note: Type.String(),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  CancelledAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
  /** Who cancelled: the visitor (through ManageUrl) or the owner. */
  CancelledBy: Type.Union([Type.Literal('visitor'), Type.Literal('owner'), Type.Null()]),
});
export type Viewing = Static<typeof Viewing>;
export const ViewingPage = Type.Object({ Items: Type.Array(Viewing), Total: Type.Integer() });
export type ViewingPage = Static<typeof ViewingPage>;
