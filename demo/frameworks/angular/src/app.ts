import { ChangeDetectionStrategy, Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef, signal, viewChild } from '@angular/core';
import type { ChatBot, ChatBotAnswerEvent } from 'chat-bot-element';

const query = new URLSearchParams(location.search);

@Component({
  selector: 'app-root',
  // <chat-bot> is a custom element, not an Angular component: without this schema the template fails to compile.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <main>
      <h1>chat-bot in Angular 21</h1>
      <div class="controls">
        <label for="locale">Language</label>
        <select id="locale" [value]="locale()" (change)="locale.set($any($event.target).value)">
          <option value="en">English</option>
          <option value="es">Español</option>
          <option value="fr">Français</option>
        </select>
        <label for="theme">Theme</label>
        <select id="theme" [value]="theme()" (change)="theme.set($any($event.target).value)">
          <option value="auto">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        <button type="button" (click)="open()">Open the chat</button>
        <button type="button" (click)="ask()">Ask about homes</button>
      </div>
      <p class="status">
        <span>Chat: <output id="chat-state">{{ chatState() }}</output></span>
        <span>Answers: <output id="answers">{{ answers() }}</output></span>
        <span>Last answer id: <output id="last-answer">{{ lastAnswer() }}</output></span>
      </p>
      <chat-bot
        #bot
        [serialNumber]="serialNumber"
        [baseUrl]="baseUrl"
        [locale]="locale()"
        [theme]="theme()"
        [settings]="settings"
        (chat-bot-open)="chatState.set('open')"
        (chat-bot-close)="chatState.set('closed')"
        (chat-bot-answer)="onAnswer($event)"
      ></chat-bot>
    </main>
  `,
})
export class App {
  readonly serialNumber = query.get('serial-number') ?? '88cae252516c50b70ff41ff3f401077c';
  readonly baseUrl = query.get('base-url') ?? 'http://localhost:8787';
  // An object: Angular sets it as a property on the element, never as an attribute string.
  readonly settings = { UserInputPlaceholder: 'Ask the Angular app about homes…' };

  readonly locale = signal<'en' | 'es' | 'fr'>('en');
  readonly theme = signal<ChatBot['theme']>('auto');
  readonly chatState = signal<'open' | 'closed'>('closed');
  readonly answers = signal(0);
  readonly lastAnswer = signal<number | null>(null);

  readonly bot = viewChild.required<ElementRef<ChatBot>>('bot');

  open(): void {
    void this.bot().nativeElement.show();
  }

  ask(): void {
    void this.bot().nativeElement.send('3 bedroom homes in Austin under $500k');
  }

  onAnswer(event: ChatBotAnswerEvent): void {
    this.answers.update((n) => n + 1);
    this.lastAnswer.set(event.answerId);
  }
}
