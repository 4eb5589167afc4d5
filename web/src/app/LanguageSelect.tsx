import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@lockdesk/protocol';
import { Button } from 'antd';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageMenuProps } from './LanguageMenu.tsx';
import { currentLanguage } from './storage.ts';

// The menu, once fetched; every selector on the page shares it.
let loadedMenu: ComponentType<LanguageMenuProps> | undefined;
let loadingMenu: Promise<ComponentType<LanguageMenuProps>> | undefined;
function loadMenu(): Promise<ComponentType<LanguageMenuProps>> {
  loadingMenu ??= import('./LanguageMenu.tsx').then((m) => {
    loadedMenu = m.default;
    return m.default;
  });
  return loadingMenu;
}

/** Forgets the fetched menu, as a fresh page load would (tests). */
export function forgetLanguageMenu(): void {
  loadedMenu = undefined;
  loadingMenu = undefined;
}

/**
 * The language selector: a button with the current language's name, and the menu of the 12 languages
 * (src/app/LanguageMenu.tsx, antd's Dropdown and Menu). The sign-in page shows the button at once and fetches the
 * menu only when the user reaches for it: the pointer over the button (or its focus) starts the fetch, and the
 * menu takes over the button when it is here, opened at once when the button was clicked meanwhile. A
 * receptionist signing in every shift rarely changes the language.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const current = currentLanguage();
  const name = LANGUAGES.find((l) => l.code === current)?.name ?? current;
  const [Menu, setMenu] = useState(() => loadedMenu);
  const [openAtStart, setOpenAtStart] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  // A press on the button is under way: redrawing it now would split the press from its release and lose the
  // click, so the swap waits for the click (which swaps itself).
  const pressed = useRef(false);

  const fetchMenu = (swap: 'point' | 'click' | 'none') => {
    void loadMenu().then((menu) => {
      if (swap === 'none' || (swap === 'point' && pressed.current)) return;
      // The menu wraps the button in new elements, so the button is drawn anew: it keeps the focus it had.
      hadFocus.current = document.activeElement === buttonRef.current;
      setMenu(() => menu);
    });
  };

  useEffect(() => {
    if (Menu && hadFocus.current) {
      hadFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [Menu]);

  const button = (
    <Button
      ref={buttonRef}
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('layout.language')}
      data-testid="language-select"
      {...(Menu
        ? {}
        : {
            onPointerEnter: () => fetchMenu('point'),
            onPointerDown: () => {
              pressed.current = true;
            },
            onPointerUp: () => {
              pressed.current = false;
            },
            onPointerLeave: () => {
              pressed.current = false;
            },
            // Focus alone only fetches: swapping the button under the keyboard would be felt.
            onFocus: () => fetchMenu('none'),
            onClick: () => {
              pressed.current = false;
              setOpenAtStart(true);
              fetchMenu('click');
            },
          })}
    >
      {name}
    </Button>
  );

  return Menu ? <Menu openAtStart={openAtStart}>{button}</Menu> : button;
}
