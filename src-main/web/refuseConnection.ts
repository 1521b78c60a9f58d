import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers a refused upgrade or a malformed request on the raw socket with a bare HTTP status, and closes it. */
export function refuseConnection(socket: Duplex, status: number): void {
  const text = STATUS_CODES[status] ?? 'Refused';
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length + 1}\r\n\r\n${text}\n`);
}
