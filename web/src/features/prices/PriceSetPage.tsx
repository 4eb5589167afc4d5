import { Alert, App, Button, Card, Empty, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  MAX_ROOMS_PER_SAVE,
  useApplyTemplate,
  useRoomGroups,
  useRoomOptions,
  useSavePrices,
  useTemplates,
} from '../../api/prices.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { HotelInfoNotice } from '../../shared/hotel/HotelInfoNotice.tsx';
import { PriceForm, type PriceFormInitial } from '../../shared/prices/PriceForm.tsx';
import { canManagePrices, ReadOnlyNote } from '../../shared/prices/ReadOnlyNote.tsx';
import { RoomPriceEditor } from '../../shared/prices/RoomPriceEditor.tsx';
import { RoomPicker } from './RoomPicker.tsx';
import { ignoreShown, TemplatesTab } from './TemplatesTab.tsx';

const MANY_INITIAL: PriceFormInitial = { deposit: 0 };

/** /room/priceSet: prices of one room or many, and the price templates. `?tab=` and `?room_id=` in the URL. */
export default function PriceSetPage() {
  const { t } = useTranslation(pricesTexts.ns);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'templates' ? 'templates' : 'rooms';
  return (
    <Card title={t('page.title')} data-testid="price-set-page">
      <HotelInfoNotice />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next);
        }}
        items={[
          {
            key: 'rooms',
            label: <span data-testid="tab-rooms">{t('page.roomsTab')}</span>,
            children: <RoomsTab />,
          },
          {
            key: 'templates',
            label: <span data-testid="tab-templates">{t('page.templatesTab')}</span>,
            children: <TemplatesTab />,
          },
        ]}
      />
    </Card>
  );
}

function RoomsTab() {
  const { t } = useTranslation(pricesTexts.ns);
  const [params, setParams] = useSearchParams();
  const rooms = useRoomOptions();
  const groups = useRoomGroups();
  // One room chosen from elsewhere (the room list, the room detail) arrives as ?room_id=; larger choices stay in
  // the page, since ten thousand ids do not belong in a URL.
  const [picked, setPicked] = useState<number[]>(() => {
    const id = Number(params.get('room_id'));
    return Number.isInteger(id) && id > 0 ? [id] : [];
  });
  const choose = (ids: number[]) => {
    setPicked(ids);
    const next = new URLSearchParams(params);
    if (ids.length === 1) next.set('room_id', String(ids[0]));
    else next.delete('room_id');
    setParams(next, { replace: true });
  };
  // One room: its prices are read by id (room/priceInfo), so a room chosen elsewhere need not be in the picker.
  const singleId = picked.length === 1 ? picked[0] : undefined;
  const singleName = rooms.data?.find((r) => r.id === singleId)?.name;

  if (rooms.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('picker.loadFailed')}
        action={<Button onClick={() => void rooms.refetch()}>{t('tryAgain')}</Button>}
      />
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('picker.title')}>
        <RoomPicker
          rooms={rooms.data ?? []}
          groups={groups.data ?? []}
          loading={rooms.isPending}
          value={picked}
          onChange={choose}
        />
        {!rooms.isPending && (rooms.data?.length ?? 0) === 0 ? (
          <Empty description={t('picker.noRooms')} style={{ marginTop: 12 }} />
        ) : null}
      </Card>
      {picked.length === 0 ? (
        <Empty description={t('picker.pickFirst')} data-testid="pick-first" />
      ) : singleId !== undefined ? (
        <RoomPriceEditor key={singleId} roomId={singleId} name={singleName} />
      ) : picked.length > 1 ? (
        <ManyRooms ids={picked} />
      ) : null}
    </Space>
  );
}

/** The same prices for several rooms, one call per room; or a template applied to all of them in one call. */
function ManyRooms({ ids }: { ids: number[] }) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const save = useSavePrices();
  const tooMany = ids.length > MAX_ROOMS_PER_SAVE;
  const readOnly = !canManagePrices();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="many-rooms">
      {readOnly ? null : <ApplyTemplateToPicked ids={ids} />}
      <Card size="small" title={t('many.title', { count: ids.length })}>
        {readOnly ? <ReadOnlyNote /> : null}
        <PriceForm
          testId="many-price-form"
          initial={MANY_INITIAL}
          renew="keep"
          readOnly={readOnly}
          saving={save.isPending}
          disabled={tooMany}
          submitText={t('many.save', { count: ids.length })}
          footer={
            tooMany ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('many.tooMany', { count: MAX_ROOMS_PER_SAVE })}
              />
            ) : null
          }
          onSubmit={({ prices, renew }) =>
            save.mutate(
              { roomIds: ids, prices, renew },
              { onSuccess: () => void message.success(t('many.saved', { count: ids.length })) },
            )
          }
        />
      </Card>
    </Space>
  );
}

function ApplyTemplateToPicked({ ids }: { ids: number[] }) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const templates = useTemplates(1, 100);
  const apply = useApplyTemplate();
  const [id, setId] = useState<number | undefined>();
  const chosen = templates.data?.list.find((x) => x.id === id);
  return (
    <Card size="small" title={t('many.templateTitle')}>
      <Space wrap>
        <Select<number>
          value={id}
          onChange={setId}
          loading={templates.isPending}
          placeholder={t('many.pickTemplate')}
          options={(templates.data?.list ?? []).map((x) => ({
            value: x.id,
            label: `${x.name} (${x.price})`,
          }))}
          style={{ minWidth: 220 }}
          data-testid="many-template"
        />
        <Popconfirm
          title={t('templates.applyConfirm', { name: chosen?.name ?? '', count: ids.length })}
          description={t('templates.applyWarning')}
          okText={t('templates.apply')}
          cancelText={t('cancel')}
          disabled={!chosen}
          onConfirm={() =>
            chosen
              ? apply
                  .mutateAsync({ id: chosen.id, roomIds: ids })
                  .then((r) => void message.success(t('templates.applied', { count: r.count })), ignoreShown)
              : undefined
          }
        >
          <Button
            type="primary"
            disabled={!chosen}
            loading={apply.isPending}
            data-testid="many-template-apply"
          >
            {t('templates.apply')}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">{t('many.templateHint')}</Typography.Text>
      </Space>
    </Card>
  );
}
