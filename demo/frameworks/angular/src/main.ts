import 'chat-bot-element'; // defines <chat-bot>
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app';

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).catch((err: unknown) => console.error(err));
