#!/usr/bin/env node
// The command's entry. It exists before any build, so a workspace install links the command;
// it runs the built CLI, and says what to do when the build is missing.
import('../dist/cli.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js'))
    throw error;
  console.error(
    'partner-assistant-conformance: the package is not built yet. In the repository, run `npx -y pnpm@10 build` first.',
  );
  process.exit(2);
});
