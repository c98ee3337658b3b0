import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import fs from 'node:fs'

// Web features reach each other only through a feature's public index (src/web/features/<x>/index.ts).
const webFeatures = fs.readdirSync('src/web/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)

// Layering (issue 16): a server feature reaches another only through that feature's index.ts
// (its public surface); platform, http and db are below the features and import none; shared
// code belongs to both sides and imports neither.
const throughIndex = (up) => ({
  regex: `^${up}(?!\\.\\.)[^/]+/.+`,
  message: "Import another feature through its index (features/<name>/index.ts exports what other features may use).",
})
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/server/features/*/*.ts'], rules: restrict(throughIndex('\\.\\./')) },
  { files: ['src/server/features/*/*/*.ts'], rules: restrict(throughIndex('\\.\\./\\.\\./')) },
  {
    files: ['src/server/*.ts', 'src/server/{test,security,tryon}/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: restrict({ regex: '(^|/)features/[^/]+/.+', message: 'Import a feature through its index (features/<name>/index.ts).' }),
  },
  {
    files: ['src/server/{platform,http,db}/**/*.ts'],
    rules: restrict({ regex: '(^|/)features(/|$)', message: 'platform, http and db sit below the features and import none of them.' }),
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: restrict({ regex: '(^~/|/)(server|web)(/|$)', message: 'src/shared is used by server and web and imports neither.' }),
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${webFeatures.join('|')})/(?!index$).+`,
              message: "Import another web feature through its public index ('../<feature>'), not its files.",
            },
            { regex: '^~/web/features/', message: "Import another web feature through its public index ('../<feature>')." },
          ],
        },
      ],
    },
  },
)
