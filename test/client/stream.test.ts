import { inject } from 'vitest';
import { streamContract } from '../support/stream-contract.ts';

// Node: fetch and the protocol's SSE parser.
streamContract(() => inject('wireOrigin'));
