#!/usr/bin/env node
// Empties dist/ before a build, so files of deleted sources and old bundle chunks never reach the package.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
