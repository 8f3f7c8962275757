import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { errorTextsByLanguage } from './build/error-texts';
import { publish } from './build/publish';

/**
 * Chunks: every page is its own lazy chunk and Ant Design is split per component, so a page
 * downloads the components it uses, not the whole library. The back office has two shared
 * chunks that no feature grows: `manage-shell` (management layout: menu, tabs, header) and
 * `manage-kernel` (the list/form kernel the pages share), so the management home, which lists
 * nothing, does not download the kernel. The student portal never imports any of it.
 * (Grouping each module's pages into one chunk, by a name function, made some pages read shared
 * constants before their chunk had run; pages stay one chunk each.)
 */
const SHELL = /[\\/]src[\\/]app[\\/]manage[\\/]/;
const KERNEL = /[\\/]src[\\/]platform[\\/]kernel[\\/]/;
/**
 * The Ant Design components of the login page and the app shell, with all they use, as one
 * chunk (`ui`) instead of some forty small ones: brotli packs one large file about a tenth
 * better. The few the portal adds form `ui-portal` (without their dependencies, which would
 * otherwise pull shared ones out of `ui` and onto the login page). Other components stay with
 * the pages that use them. Message, notification and modal are not here: they load with the
 * first message or dialog shown (platform/feedback.ts).
 */
const antd = (dirs: string[]) => new RegExp(`node_modules[\\\\/]antd[\\\\/]es[\\\\/](${dirs.join('|')})[\\\\/]`);
const UI_BASE = antd([
  '_util',
  'style',
  'theme',
  'config-provider',
  'button',
  'input',
  'dropdown',
  'menu',
  'tooltip',
  'space',
  'grid',
  'row',
  'col',
  'spin',
  'alert',
  'skeleton',
]);
// Not select, pagination or list: the portal's first load uses none of them (the notice list is
// plain markup and loads Pagination only when there is a second page, see PortalHomePage).
const UI_PORTAL = antd(['badge', 'avatar', 'tag', 'statistic', 'popover']);
/**
 * What the login page adds to `ui`: Form, Tabs and Card, not on
 * the portal's first load (its boxes are plain markup, see platform/components/Panel.tsx). The
 * form context Input reads stays in `ui`.
 */
const FORM_SHARED = /[\\/]antd[\\/]es[\\/]form[\\/](context|validateMessagesContext|hooks[\\/]useVariants)\.js$/;
const UI_LOGIN_DIRS = antd(['form', 'tabs', 'card']);
const UI_LOGIN = (id: string) =>
  (UI_LOGIN_DIRS.test(id) && !FORM_SHARED.test(id)) || /node_modules[\\/](@rc-component[\\/]tabs|compute-scroll-into-view|scroll-into-view-if-needed)[\\/]/.test(id);

const DIST = path.resolve(import.meta.dirname, 'dist');
/** Each build writes here first; `publish` then moves it into dist/ (see build/publish.ts). */
const STAGING = path.resolve(import.meta.dirname, `.tmp/dist-${process.pid}`);

function publishToDist(): Plugin {
  return {
    name: 'hanlin-publish',
    apply: 'build',
    // After every file is written, only when the build succeeded.
    async writeBundle() {
      await publish({ staging: STAGING, dist: DIST });
    },
  };
}

export default defineConfig(({ isPreview }) => ({
  plugins: [react(), errorTextsByLanguage({ strip: true }), publishToDist()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    // Never dist/ itself: a server running on dist/ must keep finding its files during a build.
    outDir: isPreview ? DIST : STAGING,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', priority: 30, test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'ui', priority: 25, test: UI_BASE },
            { name: 'ui-login', priority: 22, test: UI_LOGIN, includeDependenciesRecursively: false },
            { name: 'ui-portal', priority: 20, test: UI_PORTAL, includeDependenciesRecursively: false },
            { name: 'manage-shell', priority: 10, test: SHELL, includeDependenciesRecursively: false },
            { name: 'manage-kernel', priority: 10, test: KERNEL, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
