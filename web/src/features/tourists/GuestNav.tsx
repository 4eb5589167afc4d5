import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../app/paths.ts';

const PAGES = [
  { path: PATHS.touristsList, key: 'nav.list' },
  { path: PATHS.inPage, key: 'nav.inHouse' },
  { path: PATHS.openHistory, key: 'nav.openHistory' },
  { path: PATHS.export, key: 'nav.export' },
] as const;

/** The guest pages' own switcher: the menu lists only the guest list (spec §2), so the others are reached here. */
export function GuestNav({ current }: { current: (typeof PAGES)[number]['path'] }) {
  const { t } = useTranslation('tourists');
  const navigate = useNavigate();
  return (
    <Segmented
      value={current}
      options={PAGES.map((p) => ({ value: p.path, label: t(p.key) }))}
      onChange={(path) => navigate(path)}
      data-testid="guest-nav"
    />
  );
}
