import * as path from 'node:path';
import { Compilation, type Compiler, type Configuration, type WebpackPluginInstance } from 'webpack';
import HtmlWebpackPlugin = require('html-webpack-plugin');
import CopyWebpackPlugin = require('copy-webpack-plugin');

const root = __dirname;
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** One bundle per host; each gets its own HTML page that the server serves for its routes. */
const HOSTS = [
  { name: 'erp', entry: 'packages/erp-embed/src/main.tsx', title: 'Datahaven Documents' },
  { name: 'teams', entry: 'packages/teams-tab/src/main.tsx', title: 'Datahaven Documents for Teams' },
  { name: 'outlook', entry: 'packages/outlook-addin/src/main.tsx', title: 'Datahaven Documents for Outlook' },
  {
    name: 'outlook-sign-in',
    entry: 'packages/outlook-addin/src/signInDialog/main.tsx',
    title: 'Sign in - Datahaven Documents for Outlook',
  },
] as const;

const htmlTemplate = (title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${title}</title>
<style>html,body,#root{height:100%;margin:0}</style>
</head>
<body><div id="root"></div></body>
</html>`;

/**
 * pdf.js ships minified (pdf.min.mjs, pdf.worker.min.mjs). Marking its assets as minimized makes
 * the minimizer skip them: re-minifying 1.6 MB of minified code took over a minute on 2 cores.
 */
class SkipPreminifiedAssetsPlugin implements WebpackPluginInstance {
  constructor(private readonly pattern: RegExp) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('SkipPreminifiedAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SkipPreminifiedAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (this.pattern.test(name)) compilation.updateAsset(name, (source) => source, { minimized: true });
          }
        },
      );
    });
  }
}

/** Webpack build of every host bundle into dist/web (see docs/ARCHITECTURE.md). */
export default function config(_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  return {
    mode,
    context: root,
    entry: Object.fromEntries(HOSTS.map((host) => [host.name, path.join(root, host.entry)])),
    output: {
      path: path.join(root, 'dist/web'),
      publicPath: '/',
      filename: 'assets/[name].[contenthash].js',
      chunkFilename: 'assets/[name].[contenthash].js',
      // The pdf.js worker arrives as an asset module (new URL(..., import.meta.url)).
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: {
        '@datahaven/core$': path.join(root, 'packages/core/src/index.ts'),
        // The already-minified build: minifying pdf.mjs again costs seconds of CI time for nothing.
        'pdfjs-dist$': path.join(pdfjsDir, 'build/pdf.min.mjs'),
      },
    },
    module: {
      rules: [
        {
          // pdf.js's worker: an ICC profile whose colour space does not match /N falls back to the
          // /Alternate space instead of trapping in qcms and leaving the image blank (the loader says why).
          test: /[\\/]pdfjs-dist[\\/]build[\\/]pdf\.worker(\.min)?\.mjs$/,
          use: path.join(root, 'scripts/pdfjsIccGuardLoader.cjs'),
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              // The shared base (strict, no rootDir): every package compiles with the same options here.
              configFile: path.join(root, 'tsconfig.base.json'),
              compilerOptions: {
                module: 'esnext',
                moduleResolution: 'bundler',
                jsx: 'react-jsx',
                target: 'es2022',
                sourceMap: !production,
                declaration: false,
                composite: false,
                emitDeclarationOnly: false,
              },
            },
          },
        },
      ],
    },
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // pdf.js stays in its own lazy chunk so it never weighs on the first paint.
          pdfjs: { test: /[\\/]node_modules[\\/]pdfjs-dist[\\/]/, name: 'pdfjs', chunks: 'async', priority: 20, enforce: true },
        },
      },
    },
    performance: { hints: false },
    plugins: [
      new SkipPreminifiedAssetsPlugin(/^assets\/(pdf\.worker\.min\.|pdfjs\.)/),
      ...HOSTS.map(
        (host) =>
          new HtmlWebpackPlugin({
            filename: `${host.name}.html`,
            chunks: [host.name],
            templateContent: htmlTemplate(host.title),
            scriptLoading: 'module',
          }),
      ),
      new CopyWebpackPlugin({
        patterns: ['cmaps', 'standard_fonts', 'wasm', 'iccs'].map((folder) => ({
          from: path.join(pdfjsDir, folder),
          to: `pdfjs/${folder}`,
        })),
      }),
    ],
  };
}
