import net from 'node:net';

/** A TCP relay to a port, whose connections a test can cut to simulate a dropped link. */
export interface TcpProxy {
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  /** Cuts every open connection (both sides), as a network failure would. */
  dropAll(): void;
  /** From now until `ms` have passed, cuts every new connection at once (the link is down). */
  refuseFor(ms: number): void;
  close(): Promise<void>;
}

/** Starts a relay on 127.0.0.1 to `127.0.0.1:targetPort`. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let accepted = 0;
  let refuseUntil = 0;
  const server = net.createServer((client) => {
    accepted++;
    if (Date.now() < refuseUntil) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    dropAll() {
      for (const socket of open) socket.resetAndDestroy();
    },
    refuseFor(ms) {
      refuseUntil = Date.now() + ms;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
