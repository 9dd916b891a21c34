/**
 * A transcript's turns as the owner reads them, on the Conversations page and the Live page alike:
 * the visitor's questions with their files, the assistant's answers with what became of them and
 * the visitor's rating, and an agent's replies under the agent's name.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Feedback, TranscriptMessage } from 'chat-bot-element';
import type { Client } from 'chat-bot-element/client';
import { answerStatus, reasonLabel, timeOf, when } from './conversation-words.ts';
import './owner-answer.ts';
import './owner-attachment.ts';

export function renderTurn(m: TranscriptMessage, client: Client): TemplateResult {
  if (m.Role === 'question') return renderQuestion(m, client);
  if (m.Role === 'agent') return renderAgent(m);
  return renderAnswer(m);
}

function renderQuestion(m: TranscriptMessage, client: Client): TemplateResult {
  return html`<li class="turn question">
    <p class="who">Visitor <span class="hint">· ${timeOf(m.CreatedAt)}</span></p>
    ${m.Files.length ? html`<div class="files">${m.Files.map((f) => html`<owner-attachment .client=${client} .file=${f}></owner-attachment>`)}</div>` : nothing}
    ${m.Content ? html`<p class="text" dir="auto">${m.Content}</p>` : nothing}
  </li>`;
}

/** Drawn as the visitor saw it (Markdown, as an answer is), named by the agent and marked as a person's, never the assistant's. */
function renderAgent(m: TranscriptMessage): TemplateResult {
  return html`<li class="turn agent">
    <p class="who">${m.AgentName || 'An agent'} <span class="badge">Agent</span> <span class="hint">· ${timeOf(m.CreatedAt)}</span></p>
    <owner-answer .text=${m.Content}></owner-answer>
  </li>`;
}

function renderAnswer(m: TranscriptMessage): TemplateResult {
  const notes = answerStatus(m);
  return html`<li class="turn answer">
    <p class="who">Assistant <span class="hint">· ${timeOf(m.CreatedAt)}</span></p>
    ${notes.length ? html`<ul class="badges">${notes.map((n) => html`<li class="badge" data-note>${n}</li>`)}</ul>` : nothing}
    ${m.Content ? html`<owner-answer .text=${m.Content}></owner-answer>` : html`<p class="hint">No text was written.</p>`}
    ${renderFeedback(m.Feedback)}
  </li>`;
}

function renderFeedback(f: Feedback | null): TemplateResult | typeof nothing {
  if (!f?.Rating) return nothing;
  if (f.Rating === 'up')
    return html`<p class="feedback up">Rated up by the visitor <span class="hint">(${when(f.UpdatedAt)})</span></p>`;
  return html`<div class="feedback down">
    <p>Rated down by the visitor <span class="hint">(${when(f.UpdatedAt)})</span>${f.Reasons.length ? html`: ${f.Reasons.map(reasonLabel).join(', ')}` : nothing}</p>
    ${f.Comment ? html`<blockquote dir="auto">${f.Comment}</blockquote>` : nothing}
  </div>`;
}
