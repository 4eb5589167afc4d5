import { LANGUAGES, type LanguageCode } from '@lockdesk/protocol';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';
import { browser } from '../api/browser.ts';
import { currentLanguage, storeLanguage } from './storage.ts';

export interface LanguageMenuProps {
  /** The selector's button, which opens the menu. */
  children: ReactElement;
  /** Open as soon as mounted: the button was clicked while the menu was on its way. */
  openAtStart: boolean;
}

/**
 * The language menu around the selector's button: the 12 languages by their own names; choosing one stores it
 * and reloads the page. Its own chunk (antd's Dropdown brings Menu), loaded when the user reaches for the button.
 */
export default function LanguageMenu({ children, openAtStart }: LanguageMenuProps) {
  const current = currentLanguage();
  // A click that came while this chunk was loading opens the menu as soon as it is here.
  const [open, setOpen] = useState(openAtStart);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((l) => ({ key: l.code, label: <span lang={l.header}>{l.name}</span> })),
        onClick: ({ key }) => {
          setOpen(false);
          if (key === current) return;
          storeLanguage(key as LanguageCode);
          browser.reload();
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
