/**
 * What the built server reads beside its dist/ at run time: data/, src/web/assets/ and package.json
 * (found from the project root), and the packages scripts/build.ts leaves out of the bundle. A copy
 * of dist/ runs elsewhere with links to these (the bench's frozen build, the bundle's test).
 */
export const BESIDE_DIST = ['data', 'src', 'package.json', 'node_modules'] as const;
