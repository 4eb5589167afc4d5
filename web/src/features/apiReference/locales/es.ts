import type { Texts } from './en.ts';

const es: Texts = {
  link: 'Referencia de la API',
  newTab: 'se abre en una pestaña nueva',
  card: {
    title: 'Para desarrolladores',
    description:
      'Todas las llamadas de la API de gestión y de la API del servicio de tarjetas: campos, permisos, respuestas y códigos de error.',
  },
};

export default es;
