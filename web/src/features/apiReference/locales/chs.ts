import type { Texts } from './en.ts';

const chs: Texts = {
  link: 'API 参考文档',
  newTab: '在新标签页中打开',
  card: {
    title: '开发者',
    description: '管理接口与发卡服务接口的全部调用：字段、权限、返回与错误码。',
  },
};

export default chs;
