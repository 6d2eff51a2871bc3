// Lets plain `npx tsd` find the package's typings from a checkout (the published
// package's types come from dist/ through the exports map).
export * from './src/index.js';
