import type { UserConfigFnObject } from 'vite'
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'
import { e2eProjectEnabled } from './tests/e2e/chromium.ts'

const base = (viteConfig as UserConfigFnObject)({ mode: 'test', command: 'serve' })

export default mergeConfig(
  base,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['tests/client/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/client/setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            testTimeout: 20_000,
            hookTimeout: 60_000,
          },
        },
        ...(e2eProjectEnabled()
          ? [
              {
                extends: true as const,
                test: {
                  name: 'e2e',
                  environment: 'node',
                  include: ['tests/e2e/**/*.test.ts'],
                  globalSetup: ['tests/e2e/global-setup.ts'],
                  testTimeout: 30_000,
                  hookTimeout: 180_000,
                  fileParallelism: false,
                },
              },
            ]
          : []),
      ],
    },
  }),
)
