/**
 * Customers (server/API.md §16): a hotel's customer manager, the contact when its service period ends (spec §6), and
 * a customer manager's clients. room/clientList answers a super administrator its manager ('manager' view) and a
 * customer manager its clients ('clients' view).
 */
import { call } from './contract.js';
import { f, pageFields } from './schema.js';

/** A client's service period: ended, ending within the warning days, or neither. */
export const CLIENT_STATES = ['expired', 'expiring', 'active'] as const;
export type ClientState = (typeof CLIENT_STATES)[number];

/** Where a service period stands. */
export interface ServiceState {
  service_expires_at: number | null;
  /** Days left, rounded up (0 once ended); null without an end. */
  days_left: number | null;
  expired: boolean;
  expiring: boolean;
}

/** A customer manager as its super administrator sees it. */
export interface CustomerManager {
  id: number;
  mobile: string | null;
  nickname: string;
  name: string;
  email: string | null;
}

/** A super administrator's view: its customer manager and its own service period. */
export interface ManagerView extends ServiceState {
  view: 'manager';
  manager: CustomerManager | null;
}

/** A client of a customer manager: a hotel's super administrator. */
export interface Client extends ServiceState {
  id: number;
  mobile: string | null;
  nickname: string;
  name: string;
  frozen: boolean;
  hotel_id: number | null;
  hotel_name: string;
}

/** A customer manager's view: a page of its clients, the most urgent first. */
export interface ClientsView {
  view: 'clients';
  list: Client[];
  total: number;
  page: number;
  limit: number;
}

export const customerCalls = {
  /** The caller's customer manager (super administrator) or its clients (customer manager). */
  list: call({
    path: 'room/clientList',
    summary: 'Customer manager or clients',
    auth: 'user',
    mutates: false,
    permission: 'customer.view',
    roles: ['super', 'customer_manager'],
    schema: {
      ...pageFields,
      /** Hotel name, the super administrator's mobile or name. */
      keyword: f.string({ optional: true, max: 50 }),
      state: f.enum(CLIENT_STATES, { optional: true }),
    },
  }).answers<ManagerView | ClientsView>(),

  /** Sets or changes the caller's customer manager by mobile. */
  setManager: call({
    path: 'room/clientSet',
    summary: 'Set the customer manager',
    auth: 'user',
    mutates: true,
    permission: 'customer.view',
    roles: ['super'],
    schema: {
      // Spec §5: 'Customer manager mobile cannot be empty'; a malformed one is MOBILE_INVALID.
      mobile: f.mobile({ required: 'CUSTOMER_MANAGER_MOBILE_EMPTY' }),
    },
  }).answers<ManagerView>(),

  /** Removes the customer manager (super administrator) or drops a client (customer manager, its id). */
  remove: call({
    path: 'room/clientDelete',
    summary: 'Remove the customer manager or a client',
    auth: 'user',
    mutates: true,
    permission: 'customer.view',
    roles: ['super', 'customer_manager'],
    schema: {
      /** A customer manager: the client (its super administrator's account id). A super administrator: optional,
       * its customer manager's id. */
      id: f.id({ optional: true }),
    },
  }).answers<ManagerView | { id: number }>(),
};
