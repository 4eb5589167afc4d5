import type { Texts } from './en.ts';

const chsTW: Texts = {
  link: 'API 參考文件',
  newTab: '在新分頁中開啟',
  card: {
    title: '開發者',
    description: '管理介面與發卡服務介面的全部呼叫：欄位、權限、回傳與錯誤碼。',
  },
};

export default chsTW;
