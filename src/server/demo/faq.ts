/**
 * What the demo agency knows about itself, beside its listings: the FAQ its owner wrote, and the
 * pages of its site ("About us", "Buying with us", "Renting with us"), written once here in
 * Markdown — the demo site renders them as pages, and the demo chatbot's knowledge holds them.
 * Made-up facts of a made-up agency, consistent with the demo's listings (six cities).
 */

/** A FAQ entry as the owner writes it: the question, its answer in Markdown, other ways visitors ask it. */
export interface DemoFaq {
  question: string;
  answer: string;
  phrasings: string[];
}

/** A page of the demo site: where it lives on the site, its title, its content in Markdown. */
export interface DemoPage {
  path: string;
  title: string;
  markdown: string;
}

export const DEMO_FAQ: DemoFaq[] = [
  {
    question: 'What are your fees?',
    phrasings: ['How much do you charge?', 'What is your commission?'],
    answer: `**Buying** with us costs you nothing: our buyer's agent fee is paid by the seller at closing, as it is in most sales.

**Selling**: our listing fee is **2.5 %** of the final sale price, due only when the sale closes — nothing up front, and nothing if the home does not sell.

**Renting**: tenants pay us no fee. Landlords pay one month's rent when we find them a tenant.`,
  },
  {
    question: 'What are your office hours?',
    phrasings: ['When are you open?'],
    answer: `Our offices are open **Monday to Friday, 9 am to 6 pm**, and **Saturday, 10 am to 4 pm** (local time). We are closed on Sundays and public holidays.

This chat answers at any hour, and our agents reply to messages within one business day.`,
  },
  {
    question: 'What areas do you serve?',
    phrasings: ['Which cities do you cover?'],
    answer: `We have agents and an office in six cities: **Austin** (TX), **Denver** (CO), **Portland** (OR), **Raleigh** (NC), **Tampa** (FL) and **Madison** (WI) — each with its suburbs, about a 30-mile radius around the city.`,
  },
  {
    question: 'How do viewings work?',
    phrasings: ['How do I book a viewing?', 'Can I schedule a showing?'],
    answer: `Viewings are free. Use **Talk to a person** in this chat (or call the office) with your name, your email and the homes you would like to see, and an agent will confirm a time within one business day.

We show homes **seven days a week, 9 am to 7 pm**. Please bring a photo ID. Many of our homes also have a 3D tour you can take online first.`,
  },
  {
    question: 'Do you help first-time buyers?',
    phrasings: ['I am buying my first home'],
    answer: `Yes — about a third of the people we help are buying their first home. We start with a **free first-time buyer consultation** (45 minutes, at the office or by video): your budget, the down payment and the assistance programs of your state, getting pre-approved, and each step from the offer to the keys.`,
  },
  {
    question: 'What do I need to rent a home?',
    phrasings: ['What are the requirements for renting?'],
    answer: `To apply for one of our rentals you need:

- a photo ID;
- proof of income of about **three times the monthly rent** (recent pay stubs, or an offer letter);
- your rental history or a reference from your last landlord;
- a credit and background check — **$45 per adult**, paid to the screening company.

A security deposit, usually one month's rent, is due when you sign the lease. Pets are welcome in many of our rentals (the listing says so); a pet deposit of $300 applies.`,
  },
];

export const DEMO_PAGES: DemoPage[] = [
  {
    path: '/about.html',
    title: 'About us',
    markdown: `# About us

Oakridge Realty was founded in **2009** in Austin by two agents who wanted buying a home to feel less like a maze. Today we are 48 agents in six offices — Austin, Denver, Portland, Raleigh, Tampa and Madison — and we have helped more than 9,000 families buy, sell or rent.

## Our team

Every client works with one agent from the first call to the closing. Our agents speak **English and Spanish**, and several speak Vietnamese or Portuguese as well.

## Contact us

Our main office is at 1200 Congress Ave, Austin, TX 78701. Call us at **(512) 555-0142** or write to agents@oakridge.example.
`,
  },
  {
    path: '/buying.html',
    title: 'Buying with us',
    markdown: `# Buying with us

## Getting started

Tell us where you want to live, what you can spend and what matters to you. We ask buyers to get **pre-approved** by a lender of their choice before touring, so that an offer can go in the same day a home is found.

## Making an offer

Your agent looks at the recent sales around the home and helps you decide on a price and terms. Most offers include an earnest money deposit of 1 to 3 % of the price, held in escrow.

## From an accepted offer to the keys

Once your offer is accepted there is usually a **10-day inspection period**: a licensed inspector looks at the home, and you may ask the seller for repairs or a credit. Then the lender's appraisal, the final walk-through the day before closing, and the closing itself — about **30 to 45 days** after the offer in all.
`,
  },
  {
    path: '/renting.html',
    title: 'Renting with us',
    markdown: `# Renting with us

## Finding a rental

Every rental we manage is on this site. Ask the assistant, or use the Rent page, and book a viewing of the ones you like.

## Leases

Our standard lease runs **12 months**; a few of our landlords offer 6-month leases at a higher rent. Rent is due on the first of the month and can be paid online.

## Repairs and maintenance

Tenants report repairs through the **online maintenance portal**; for emergencies (a leak, no heat, no power) call our 24-hour line at (512) 555-0199. Non-urgent repairs are scheduled within three business days.

## Moving out

Give **60 days' notice** before the lease ends. After the move-out inspection, your security deposit is returned within **30 days**, less the cost of any damage beyond normal wear.
`,
  },
];
