// Architecture rules checked by `npm run lint` (dependency-cruiser): no import cycles, and each layer imports
// only what sits below it. rules/ → compiler/ → IR → runtime/ ← ai/ ← cli/, site/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles hide the order in which modules initialise and make layers impossible to see.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'runtime-is-generic',
      severity: 'error',
      comment: 'The engine knows only the IR: it never imports the compiler, the AI, the tools or the site.',
      from: { path: '^runtime/' },
      to: { path: '^(compiler|ai|cli|site|bench|test)/' },
    },
    {
      name: 'compiler-below-tools',
      severity: 'error',
      comment: 'The compiler is used by the CLI, the site and the editor; it never imports them or the AI.',
      from: { path: '^compiler/' },
      to: { path: '^(ai|cli|site|bench|test)/' },
    },
    {
      name: 'ai-plays-from-views',
      severity: 'error',
      comment: 'The AI answers requests from the engine; it does not compile rules or use the tools.',
      from: { path: '^ai/' },
      to: { path: '^(compiler|cli|site|bench|test)/' },
    },
    {
      name: 'site-not-cli',
      severity: 'error',
      comment: 'The site shares code with the CLI only through the compiler and the engine.',
      from: { path: '^site/' },
      to: { path: '^(cli|bench|test)/' },
    },
    {
      name: 'cli-not-site',
      severity: 'error',
      from: { path: '^(cli|bench)/' },
      to: { path: '^(site|test)/' },
    },
    {
      name: 'browser-safe-core',
      severity: 'error',
      comment:
        'The compiler core, the engine and the AI run in the browser too: no Node built-ins (node/ folders excepted).',
      from: { path: '^(compiler|runtime|ai)/', pathNot: '/node/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|site/dist|site/\\.astro|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
