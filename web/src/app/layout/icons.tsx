import {
  AccountBookOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../routeTable.ts';

/** The sidebar icons of the spec, by the route table's icon names. */
export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  room: <HomeOutlined />,
  admin: <TeamOutlined />,
  equipment: <ToolOutlined />,
  userList: <ContactsOutlined />,
  card: <CreditCardOutlined />,
  message: <MessageOutlined />,
  operation: <FileTextOutlined />,
  business: <ShopOutlined />,
  bill: <AccountBookOutlined />,
  customer: <IdcardOutlined />,
  personal: <UserOutlined />,
};
