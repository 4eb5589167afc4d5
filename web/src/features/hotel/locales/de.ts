import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Hotelinformationen',
  notice: { complete: 'Hotelinformationen vervollständigen' },
  required: {
    description:
      'Tragen Sie unten Name, Adresse und Telefon ein und speichern Sie; kehren Sie dann zu Ihrer Aufgabe zurück.',
    back: 'Zurück zur vorherigen Seite',
  },
  actions: { retry: 'Erneut versuchen' },
  account: {
    title: 'Mein Konto',
    name: 'Vollständiger Name',
    mobile: 'Handynummer',
    email: 'E-Mail-Adresse',
    role: 'Rolle',
    roles: {
      super: 'Hauptadministrator',
      secondary: 'Unteradministrator',
      staff: 'Mitarbeiter',
      customer_manager: 'Kundenbetreuer',
    },
    hotel: 'Hotelname',
    serviceExpires: 'Dienst gültig bis',
  },
  info: {
    title: 'Händler- oder Hotelinformationen',
    loadFailed: 'Die Hotelinformationen konnten nicht geladen werden',
    incomplete:
      'Check-ins, Zimmerwechsel und Preise sind erst möglich, wenn Name, Adresse und Telefon eingetragen sind.',
    name: 'Name des Händlers oder Hotels',
    address: 'Anschrift',
    telephone: 'Telefonnummer',
    telephoneHint: '5 bis 20 Ziffern; Leerzeichen, +, - und Klammern erlaubt',
    latitude: 'Breitengrad',
    longitude: 'Längengrad',
    openMap: 'Diese Position auf OpenStreetMap öffnen',
    mapHint: 'Geben Sie Breiten- und Längengrad ein, um die Position auf einer Karte zu prüfen.',
    save: 'Hotelinformationen speichern',
    saveAndBack: 'Speichern und zurück',
    saved: 'Die Hotelinformationen sind gespeichert',
  },
  breakfast: {
    title: 'Frühstück',
    loadFailed: 'Die Frühstückseinstellungen konnten nicht geladen werden',
    enabled: 'Frühstück wird serviert',
    hours: 'Frühstückszeiten',
    price: 'Preis pro Portion',
    options: 'Frühstücksoptionen beim Check-in',
    optionName: 'Name der Option',
    count: 'Portionen pro Tag',
    optionPrice: 'Preis pro Tag',
    removeOption: 'Diese Option entfernen',
    addOption: 'Option hinzufügen',
    save: 'Frühstückseinstellungen speichern',
    saved: 'Die Frühstückseinstellungen sind gespeichert',
  },
};

export default de;
