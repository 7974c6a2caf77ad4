import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'exporters', include: ['src/**/*.test.ts'] } });
