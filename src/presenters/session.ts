import type { OpenedSession, PasskeyRow, SessionRow } from "../services/auth";
import type { Passkey, Session } from "../wire/auth";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentSession(row: SessionRow, currentId: string): Session {
  return {
    object: "session",
    id: row.id,
    createdAt: iso(row.createdAt),
    ...(row.lastUsedAt ? { lastUsedAt: iso(row.lastUsedAt) } : {}),
    expiresAt: iso(row.expiresAt ?? row.createdAt),
    ...(row.userAgent ? { userAgent: row.userAgent } : {}),
    current: row.id === currentId,
  };
}

/** A session just opened: its id and end, never its secret (that is the cookie). */
export const presentOpenedSession = (session: OpenedSession) => ({ id: session.id, expiresAt: iso(session.expiresAt) });

export function presentPasskey(row: PasskeyRow): Passkey {
  return { object: "passkey", id: row.id, label: row.label, createdAt: iso(row.createdAt) };
}
