/** The test rig checks itself: axe findings and Lit dev-mode warnings must be able to fail a test. */
import { describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import { LitElement } from 'lit';
import { takeLitWarnings } from '../support/lit-warnings.ts';

class ChatBotRigProbe extends LitElement {
  static override properties = { n: { type: Number } };
  declare n: number;
  constructor() {
    super();
    this.n = 0;
  }
  // Changing a property in updated() schedules another update: Lit's "change-in-update" warning.
  override updated() {
    if (this.n < 1) this.n++;
  }
}
customElements.define('chat-bot-rig-probe', ChatBotRigProbe);

describe('the browser test rig', () => {
  it('runs in Chromium', () => {
    expect(navigator.userAgent).toContain('Chrome');
  });

  it('passes an accessible fragment through axe', async () => {
    const el = await fixture(html`<main><h1>Chat</h1><button type="button">Open chat</button></main>`);
    await expect(el).to.be.accessible();
  });

  it('catches an axe violation', async () => {
    const el = await fixture(html`<div><button type="button"></button><img src="data:," /></div>`);
    await expect(el).not.to.be.accessible();
  });

  it('sees a Lit dev-mode warning, which fails any test that leaves one behind', async () => {
    const el = await fixture<ChatBotRigProbe>(html`<chat-bot-rig-probe></chat-bot-rig-probe>`);
    await el.updateComplete;
    const warnings = takeLitWarnings();
    expect(warnings.join('\n')).toContain('change-in-update');
  });
});
