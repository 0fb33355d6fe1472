// Metro as a new React Native project configures it: React Native's defaults, which resolve each
// package's `react-native` export condition (package exports on, as in every recent Metro).
const fs = require('node:fs');
const path = require('node:path');
const { getDefaultConfig, mergeConfig } = require('@react-native/metro-config');

// In a monorepo (as in this repository), the packages are linked from outside the app's folder:
// Metro must watch the workspace root, and find what Babel adds to their code (`@babel/runtime`)
// in the app's own node_modules. A standalone copy of the app needs nothing here.
const workspaceRoot = path.resolve(__dirname, '../..');
const inWorkspace = fs.existsSync(path.join(workspaceRoot, 'pnpm-workspace.yaml'));

module.exports = mergeConfig(
  getDefaultConfig(__dirname),
  inWorkspace
    ? {
        watchFolders: [workspaceRoot],
        resolver: { nodeModulesPaths: [path.join(__dirname, 'node_modules')] },
      }
    : {},
);
