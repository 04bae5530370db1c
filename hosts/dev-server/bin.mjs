#!/usr/bin/env node
// Entry of `npm start` and `npx workspace-mail`: TypeScript runs through tsx's loader, so no build step
// exists that two starts could race on.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
