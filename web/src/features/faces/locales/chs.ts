import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '人脸',
  libraryTitle: '人脸库',
  buildTitle: '创建人脸',
  fields: {
    faceId: '人脸ID',
    note: '人脸备注',
    lockNote: '门锁备注',
    image: '人脸图片',
    room: '房间',
    stay: '入住',
    createdAt: '创建时间',
    actions: '操作',
  },
  placeholders: {
    faceId: '例如 G-20261125-01',
    note: '例如 住客姓名',
    search: '按人脸ID或备注搜索',
    allRooms: '全部房间',
    noRoom: '不选房间：仅保存在人脸库',
    currentGuest: '该房间的当前住客',
  },
  hints: {
    room: '选择房间后，该人脸将在入住期间授权给房间门锁。',
    noOpenStay: '该房间目前没有住客或预订。',
    lockNote: '门锁上显示的该人脸名称。',
  },
  image: {
    fromFile: '文件',
    fromCamera: '摄像头',
    chooseFile: '选择图片',
    formats: 'JPEG、PNG 或 WebP，最大 2 MB。',
    startCamera: '打开摄像头',
    stopCamera: '关闭摄像头',
    capture: '拍照',
    preview: '人脸图片预览',
    remove: '移除',
    cameraUnavailable: '此浏览器在本页面无法使用摄像头。',
    cameraFailed: '无法打开摄像头：{{reason}}',
    captureFailed: '拍照失败，请重试。',
  },
  actions: {
    save: '保存人脸',
    create: '创建人脸',
    library: '人脸库',
    edit: '编辑备注',
    saveNotes: '保存',
    delete: '删除',
    cancel: '取消',
    retry: '重试',
  },
  edit: {
    title: '人脸 {{faceId}} 的备注',
  },
  messages: {
    uploading: '正在上传图片…',
    created: '人脸 {{faceId}} 已保存',
    updated: '备注已保存',
    deleted: '人脸已删除',
    deleteConfirm: '删除人脸 {{faceId}}？门锁将在下次同步时移除它。',
  },
  list: {
    empty: '暂无人脸',
    emptyFiltered: '没有符合筛选条件的人脸',
    loadFailed: '无法加载人脸。',
    total: '共 {{count}} 个人脸',
    noRoom: '仅人脸库',
  },
};

export default chs;
