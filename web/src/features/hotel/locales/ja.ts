import type { Texts } from './en.ts';

const ja: Texts = {
  feature: 'ホテル情報',
  notice: { complete: 'ホテル情報を入力する' },
  required: {
    description: '下に名称、住所、電話番号を入力して保存し、元の作業に戻ってください。',
    back: '前のページに戻る',
  },
  actions: { retry: '再試行' },
  account: {
    title: 'マイアカウント',
    name: '氏名',
    mobile: '携帯電話番号',
    email: 'メールアドレス',
    role: '役割',
    roles: {
      super: 'スーパー管理者',
      secondary: 'サブ管理者',
      staff: 'スタッフ',
      customer_manager: '顧客担当者',
    },
    hotel: 'ホテル名',
    serviceExpires: 'サービス有効期限',
  },
  info: {
    title: '店舗またはホテルの情報',
    loadFailed: 'ホテル情報を読み込めませんでした',
    incomplete: '名称、住所、電話番号が入力されるまで、チェックイン、部屋移動、料金設定はできません。',
    name: '店舗またはホテルの名称',
    address: '住所',
    telephone: '電話番号',
    telephoneHint: '5～20 桁の数字。スペース、+、-、括弧を使用可',
    latitude: '地図の緯度',
    longitude: '地図の経度',
    openMap: 'この位置を OpenStreetMap で開く',
    mapHint: '緯度と経度を入力すると地図で位置を確認できます。',
    save: 'ホテル情報を保存',
    saveAndBack: '保存して戻る',
    saved: 'ホテル情報を保存しました',
  },
  breakfast: {
    title: '朝食',
    loadFailed: '朝食の設定を読み込めませんでした',
    enabled: '朝食を提供',
    hours: '朝食の時間',
    price: '1 食の料金',
    options: 'チェックイン時の朝食の選択肢',
    optionName: '選択肢の名前',
    count: '1 日の食数',
    optionPrice: '1 日の料金',
    removeOption: 'この選択肢を削除',
    addOption: '選択肢を追加',
    save: '朝食の設定を保存',
    saved: '朝食の設定を保存しました',
  },
};

export default ja;
