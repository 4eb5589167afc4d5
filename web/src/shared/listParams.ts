/** The page sizes a list offers. */
export const LIMITS = [10, 20, 50, 100];

/** Reads the list's filters and page from the URL (so reload, back and a shared link keep them). */
export function listParams(search: URLSearchParams) {
  const int = (name: string, fallback: number | undefined) => {
    const n = Number(search.get(name));
    return search.get(name) && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const limit = int('limit', 20) ?? 20;
  return {
    keyword: search.get('keyword')?.trim() || undefined,
    room_id: int('room_id', undefined),
    page: int('page', 1) ?? 1,
    limit: LIMITS.includes(limit) ? limit : 20,
  };
}
