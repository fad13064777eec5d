#!/usr/bin/env node
// The childproof command. tsx is registered here so the TypeScript sources run as they
// are, with no build step between a checkout and a run.
import { register } from 'tsx/esm/api';

register();
const { cli } = await import('../runners/cli/main.ts');
await cli(process.argv.slice(2));
