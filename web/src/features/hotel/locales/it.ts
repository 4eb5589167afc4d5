import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Informazioni sull’hotel',
  notice: { complete: 'Completa le informazioni sull’hotel' },
  required: {
    description: 'Compila qui sotto nome, indirizzo e telefono e salva; poi torna a ciò che stavi facendo.',
    back: 'Torna alla pagina precedente',
  },
  actions: { retry: 'Riprova' },
  account: {
    title: 'Il mio account',
    name: 'Nome',
    mobile: 'Numero di cellulare',
    email: 'Indirizzo e-mail',
    role: 'Ruolo',
    roles: {
      super: 'Amministratore principale',
      secondary: 'Amministratore secondario',
      staff: 'Membro del personale',
      customer_manager: 'Responsabile clienti',
    },
    hotel: 'Nome dell’hotel',
    serviceExpires: 'Servizio valido fino al',
  },
  info: {
    title: 'Informazioni sull’esercente o sull’hotel',
    loadFailed: 'Impossibile caricare le informazioni sull’hotel',
    incomplete:
      'Check-in, cambi di camera e prezzi attendono che nome, indirizzo e telefono siano compilati.',
    name: 'Nome dell’esercente o dell’hotel',
    address: 'Indirizzo',
    telephone: 'Telefono',
    telephoneHint: 'Da 5 a 20 cifre; ammessi spazi, +, - e parentesi',
    latitude: 'Latitudine sulla mappa',
    longitude: 'Longitudine sulla mappa',
    openMap: 'Apri questa posizione su OpenStreetMap',
    mapHint: 'Inserisci latitudine e longitudine per verificare la posizione su una mappa.',
    save: 'Salva le informazioni sull’hotel',
    saveAndBack: 'Salva e torna indietro',
    saved: 'Le informazioni sull’hotel sono salvate',
  },
  breakfast: {
    title: 'Colazione',
    loadFailed: 'Impossibile caricare le impostazioni della colazione',
    enabled: 'Colazione servita',
    hours: 'Orari della colazione',
    price: 'Prezzo per porzione',
    options: 'Scelte di colazione offerte al check-in',
    optionName: 'Nome della scelta',
    count: 'Porzioni al giorno',
    optionPrice: 'Prezzo al giorno',
    removeOption: 'Rimuovi questa scelta',
    addOption: 'Aggiungi una scelta',
    save: 'Salva le impostazioni della colazione',
    saved: 'Le impostazioni della colazione sono salvate',
  },
};

export default it;
