/**
 * The product as its visitors and owner meet it, on one service as `npm start` runs it and the
 * run's Chromium (test/e2e/site/harness.ts): the owner reading a visitor's conversation, the demo
 * site, and the console changing what the next visitor sees. In this order: the conversations'
 * counts are the demo chatbot's before anyone else talks to it, and the console changes its
 * settings and listings after them; the Live page last, since while it is open the owner is present
 * and a request for a person is no longer emailed (the leads and outbox test reads that email).
 */
import { useSite } from './site/harness.ts';
import { describeConversations } from './site/conversations.ts';
import { describeDemoSite } from './site/demo-site.ts';
import { describeConsole } from './site/console.ts';
import { describeKnowledge } from './site/knowledge.ts';
import { describeLive } from './site/live.ts';

const site = useSite();
describeConversations(site);
describeDemoSite(site);
describeConsole(site);
describeKnowledge(site);
describeLive(site);
