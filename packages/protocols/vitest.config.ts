import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'protocols', include: ['src/**/*.test.ts'] } });
