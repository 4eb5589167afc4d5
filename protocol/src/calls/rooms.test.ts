import { describe, expect, it } from 'vitest';
import { checkPictureUrl } from './rooms.js';

describe("a lock picture's address", () => {
  it('takes a /files/ URL of a server and any https address (the server checks the rest)', () => {
    for (const ok of [
      `/files/${'ab'.repeat(16)}.png`,
      `http://localhost:8080/files/${'ab'.repeat(16)}.jpg`,
      'https://cdn.example.com/rooms/1106.jpg',
      'HTTPS://cdn.example.com/a.png',
      ' https://cdn.example.com/a.png',
      'ht\ttps://cdn.example.com/a.png',
    ])
      expect(checkPictureUrl(ok), ok).toBeUndefined();
  });

  it('refuses every other scheme and relative addresses', () => {
    for (const bad of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'rooms/1106.jpg',
      '/files/../package.json',
      'https//example.com',
    ])
      expect(checkPictureUrl(bad), bad).toBe('PICTURE_URL_INVALID');
  });
});
