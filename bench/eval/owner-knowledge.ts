/**
 * An owner's own knowledge (issue 64), for the paraphrase set (cases-meaning.ts): FAQ entries and
 * texts as a small Austin rental and sales agency's owner types them into the console — a short
 * question in the owner's words, an answer in a few lines, and no Phrasings (the console does not
 * ask for them, and this owner wrote none). Each answer holds a fact a visitor's question can be
 * checked by (an amount, an address, a phone number, a name). It never mentions property
 * management, selling a home, storage, appraisals or movers: questions about those are the set's
 * controls, which only an honest "I don't know — here is a person" answers.
 */

/** A FAQ entry as the owner wrote it: the question and its answer, no other phrasings. */
export interface OwnerFaq {
  question: string;
  answer: string;
}

/** A text the owner pasted in: its title and its content, in Markdown. */
export interface OwnerText {
  title: string;
  markdown: string;
}

export const OWNER_FAQ: OwnerFaq[] = [
  {
    question: 'Do you allow pets?',
    answer:
      'Yes! Cats and dogs up to 50 lb are welcome in most of our rentals, two animals max. There is a one-time **$300 pet deposit** and $25 a month pet rent. Sorry, no reptiles or farm animals.',
  },
  {
    question: 'Where is your office?',
    answer:
      "We're at **2210 South Lamar Blvd, Suite 4**, Austin TX 78704 — in the little strip next to the taco truck. Come by anytime during business hours.",
  },
  {
    question: 'What are your office hours?',
    answer: 'Monday to Friday **8:30 am to 5:30 pm**, Saturdays 10 am to 2 pm. Closed Sundays and holidays.',
  },
  {
    question: 'Do you charge an application fee?',
    answer:
      "It's **$55 per adult** (everyone 18 and over), non-refundable. That covers the credit and background check.",
  },
  {
    question: 'Can I pay rent online?',
    answer:
      'Yes, through the resident portal. Bank transfers (ACH) are free; debit and credit cards add a **2.9 %** processing fee. Rent is due on the 1st and late after the 5th ($75 late fee).',
  },
  {
    question: 'How long is a lease?',
    answer:
      'Our standard lease is **12 months**. Six-month terms are available on some units for $150 more a month. After the first year it can go month to month.',
  },
  {
    question: 'Do you offer virtual tours?',
    answer:
      'Yes — one of our agents can show you the unit live over **FaceTime, WhatsApp or Zoom**, any weekday. Tell us which home and a time that works for you.',
  },
  {
    question: 'Is parking included?',
    answer:
      'Every unit comes with one assigned spot. A second one is **$40 a month** if available. Guests can use the street.',
  },
  {
    question: 'Can I break my lease early?',
    answer:
      "You can. We need **60 days' written notice** and there's a flat **$1,500 early termination fee**. If we find a new tenant before your notice runs out we refund part of it.",
  },
  {
    question: 'Do you work with first-time buyers?',
    answer:
      "All the time, about half our buyers are first-timers. We'll go over down payment assistance (like the **TSAHC** programs in Texas) and every step to closing. The first sit-down is free.",
  },
  {
    question: 'Who do I call for repairs?',
    answer:
      'Put in a work order on the resident portal. For emergencies (flooding, no heat, a gas smell) call our 24/7 line at **512-555-0177**.',
  },
  {
    question: 'Do you speak Spanish?',
    answer: 'Sí! Maria, Luis and Carmen on our team are fully bilingual English/Spanish. Just ask for one of them.',
  },
];

export const OWNER_TEXTS: OwnerText[] = [
  {
    title: 'Our story',
    markdown: `# Our story

Ruth and Daniel Okafor opened our doors in **1987** with one desk and a fax machine. We are still a family business: 14 agents today, working in Austin, **Round Rock, Pflugerville and Georgetown**.

Most of our clients come to us through a friend we helped before.`,
  },
  {
    title: 'Moving in',
    markdown: `# Moving in

Before your move-in day:

- sign the lease online (we email you the link);
- pay the first month's rent and the security deposit (one month's rent) by cashier's check or through the resident portal;
- set up electricity in your name with **Austin Energy** — we need the account number before we hand over the keys;
- pick up your keys at the office, Monday to Friday.`,
  },
];
