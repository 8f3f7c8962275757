import { useEffect, useRef } from 'react';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { session, useSession, type HistoryPage } from '../../platform/session';
import { tabKeyOf as keyOf } from '../../platform/page-title';
import { MANAGE_HOME } from '../routes/manage-paths';
import { manageRouteByPath } from '../routes/manage-routes';

const HOME = `/dashboard/${MANAGE_HOME.path}`;

function recordTab(pathname: string, search: string) {
  const route = manageRouteByPath(pathname.replace(/^\/dashboard\/?/, ''));
  if (!route || pathname === HOME || !pathname.startsWith('/dashboard/')) return;
  const full = pathname + search;
  const list = session.get().history;
  const i = list.findIndex((h) => keyOf(h.path) === pathname);
  if (i < 0) session.set({ history: [...list, { path: full, titleKey: route.titleKey }] });
  else if (list[i].path !== full) session.set({ history: list.map((h, j) => (j === i ? { ...h, path: full } : h)) });
}

/** Every opened management page becomes a tab; the home tab stays. */
export function ManageTabs() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const history = useSession((s) => s.history);

  // A page becomes a tab as soon as its navigation starts, so quick clicks through the menu
  // (which cancel a lazy page still loading) still leave a tab for each page the user opened.
  const pending = useNavigation().location;
  useEffect(() => recordTab(pathname, search), [pathname, search]);
  useEffect(() => {
    if (pending) recordTab(pending.pathname, pending.search);
  }, [pending]);

  const tabs: HistoryPage[] = [{ path: HOME, titleKey: MANAGE_HOME.titleKey }, ...history];
  const active = pathname;

  const closeTabs = (keep: (h: HistoryPage) => boolean, after?: string) => {
    const next = history.filter(keep);
    session.set({ history: next });
    if (after) void navigate(after);
  };
  const close = (key: string) => {
    const rest = history.filter((h) => keyOf(h.path) !== key);
    closeTabs((h) => keyOf(h.path) !== key, key === active ? (rest.at(-1)?.path ?? HOME) : undefined);
  };

  // The active tab stays in view when the strip scrolls sideways.
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = strip.current;
    const li = nav?.querySelector<HTMLElement>('[aria-current=page]')?.parentElement;
    if (!nav || !li) return;
    if (li.offsetLeft < nav.scrollLeft) nav.scrollLeft = li.offsetLeft;
    else if (li.offsetLeft + li.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = li.offsetLeft + li.offsetWidth - nav.clientWidth;
  }, [active, tabs.length]);

  // Links in a navigation list, not antd's Tabs: these tabs open pages (no tab panels), and a
  // tablist may hold only tabs (axe's aria-required-children failed on its close buttons).
  return (
    <div className="hl-tabs" data-testid="manage-tabs">
      <nav ref={strip} className="hl-tabs-nav" aria-label={t('tabs.label')}>
        <ul className="hl-tabs-list">
          {tabs.map((tb) => {
            const key = keyOf(tb.path);
            const title = tb.title && tb.lang === i18n.language ? tb.title : t(tb.titleKey);
            const current = key === active;
            return (
              <li key={key} className={current ? 'hl-tab hl-tab-active' : 'hl-tab'}>
                <Link to={tb.path} className="hl-tab-link" aria-current={current ? 'page' : undefined}>
                  <span data-testid={`tab-${key.replace('/dashboard/', '')}`}>{title}</span>
                </Link>
                {key !== HOME && (
                  <button type="button" className="hl-tab-close" aria-label={t('tabs.close', { name: title })} onClick={() => close(key)}>
                    <CloseOutlined />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'current', label: <span data-testid="tabs-close-current">{t('tabs.closeCurrent')}</span>, disabled: active === HOME },
            { key: 'others', label: <span data-testid="tabs-close-others">{t('tabs.closeOthers')}</span> },
            { key: 'all', label: <span data-testid="tabs-close-all">{t('tabs.closeAll')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'current') close(active);
            else if (key === 'others') closeTabs((h) => keyOf(h.path) === active);
            else closeTabs(() => false, HOME);
          },
        }}
      >
        <Button size="small" className="hl-tabs-actions" data-testid="tabs-actions">
          {t('tabs.actions')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
