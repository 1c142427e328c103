// The layout of 000 §2: 300 px side menu (a drawer behind a burger below the md breakpoint, 62em: a
// 10-inch portrait tablet keeps its whole width for the page), header
// `brand_name - outlet_name` with the cashier's first name, footer with a copyright and /backdoor.
import {
  Anchor,
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { toWallClock } from '../../domain/time-wall';
import { DeviceStatus } from '../components/DeviceStatus';
import { InsecureContextNotice } from '../components/InsecureContextNotice';
import { lazyPage } from './lazy-page';
import { buildMenu, type MenuEntry, type MenuLink } from './menu';
import { useSession } from './session-context';

/** Storage warnings above every signed-in page (issue 15), a chunk of its own. */
export const StorageBanner = lazyPage(() =>
  import('../features/storage/StorageBanner').then((m) => m.StorageBanner),
);

export function headerTitle(brand: string | null | undefined, outlet: string | null | undefined): string {
  return `${brand ?? ''} - ${outlet ?? ''}`;
}

function isActive(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

function MenuLinkItem({
  entry,
  location,
  onNavigate,
}: {
  entry: MenuLink;
  location: string;
  onNavigate: () => void;
}) {
  if (entry.newTab) {
    return (
      <NavLink
        component="a"
        href={entry.href}
        target="_blank"
        rel="noopener"
        label={entry.label}
        onClick={onNavigate}
        py="sm"
        data-menu={entry.key}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      href={entry.href}
      label={entry.label}
      active={isActive(entry.href, location)}
      onClick={onNavigate}
      py="sm"
      data-menu={entry.key}
    />
  );
}

export function SideMenu({
  entries,
  onNavigate,
  onSignOut,
}: {
  entries: MenuEntry[];
  onNavigate: () => void;
  onSignOut: () => void;
}) {
  const [location] = useLocation();
  return (
    <nav aria-label="Menu">
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return <MenuLinkItem key={entry.key} entry={entry} location={location} onNavigate={onNavigate} />;
        }
        if (entry.kind === 'group') {
          const open = entry.children.some((c) => isActive(c.href, location));
          return (
            <NavLink key={entry.key} label={entry.label} defaultOpened={open} py="sm" data-menu={entry.key}>
              {entry.children.map((child) => (
                <MenuLinkItem key={child.key} entry={child} location={location} onNavigate={onNavigate} />
              ))}
            </NavLink>
          );
        }
        return (
          <NavLink
            key={entry.key}
            label={entry.label}
            // red.9: 5.5:1 on white (red.7 was under the 4.5:1 of WCAG AA)
            c="red.9"
            py="sm"
            data-menu={entry.key}
            onClick={() => {
              onNavigate();
              onSignOut();
            }}
          />
        );
      })}
    </nav>
  );
}

/** Labels of the header's account menu: the spec's page title and menu action (000 §2). */
export const ACCOUNT_MENU = { chooseOutlet: 'Pilih Outlet', signOut: 'Sign Out' } as const;

/**
 * The cashier's name opens the outlet choice and sign-out, reachable from every page with the
 * layout whatever the side menu holds or how far it scrolls (ruling 24: no outlet traps a user).
 */
function AccountMenu({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton fw={500} style={{ whiteSpace: 'nowrap' }} py={6} data-testid="account-menu">
          <span data-testid="header-cashier">{name}</span>
          <span aria-hidden="true"> ▾</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} href="/choose-outlet" data-testid="account-choose-outlet">
          {ACCOUNT_MENU.chooseOutlet}
        </Menu.Item>
        <Menu.Item c="red.8" onClick={onSignOut} data-testid="account-sign-out">
          {ACCOUNT_MENU.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Loads the pages' chunks after sign-in, one at a time, each when the browser is idle (a tablet keeps its
 * first screens responsive while the rest arrive). A page whose chunk is loaded renders
 * without suspending; a suspended route waits for React's Suspense reveal throttle (300 ms) on top of
 * the chunk, which was half of the stock list's first paint (issue 13). Failures (offline) are left for
 * the page's own render to retry.
 */
function preloadWhenIdle(pages: readonly { preload: () => Promise<unknown> }[]): () => void {
  let stopped = false;
  let at = 0;
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(fn, { timeout: 2000 })
      : setTimeout(fn, 50);
  const next = () => {
    if (stopped || at >= pages.length) return;
    pages[at++].preload().then(
      () => idle(next),
      () => idle(next),
    );
  };
  idle(next);
  return () => {
    stopped = true;
  };
}

const NO_PAGES: readonly { preload: () => Promise<unknown> }[] = [];

export function Layout({
  children,
  preloadPages = NO_PAGES,
}: {
  children: ReactNode;
  /** The other pages, loaded while idle so opening one from the menu does not suspend. */
  preloadPages?: readonly { preload: () => Promise<unknown> }[];
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { view, commands } = useSession();
  const user = view.userData;
  const entries = buildMenu(user);
  useEffect(() => preloadWhenIdle(preloadPages), [preloadPages]);
  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 40 }}
      navbar={{ width: 300, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="md" aria-label="Menu" />
            <UnstyledButton component={Link} href="/" style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate data-testid="header-title">
                {headerTitle(user?.brand_name, user?.outlet_name)}
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <DeviceStatus />
            <AccountMenu
              name={user?.business_user_firstname ?? user?.cashier_name ?? ''}
              onSignOut={commands.signOut}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <SideMenu entries={entries} onNavigate={close} onSignOut={commands.signOut} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <InsecureContextNotice style={{ marginBottom: 'var(--mantine-spacing-sm)' }} />
        <Suspense fallback={null}>
          <StorageBanner />
        </Suspense>
        {children}
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between">
          <Text size="sm" c="dimmed">
            © {toWallClock(new Date()).date.slice(0, 4)} {user?.brand_name ?? 'Serambi'}. All rights reserved.
          </Text>
          <Anchor component={Link} href="/backdoor" size="sm" c="dimmed">
            /backdoor
          </Anchor>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
