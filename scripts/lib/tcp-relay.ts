// A TCP relay on 127.0.0.1 to another address (a PostgreSQL), able to simulate an outage:
// `down()` cuts every open connection and stops listening (new connections are refused),
// `up()` listens again on the same port. Used by `npm run test:soak` when no private
// PostgreSQL cluster can be started: then the outage is simulated, not a real restart.

import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export type Relay = { readonly port: number; up(): Promise<void>; down(): Promise<void>; close(): Promise<void> }

export async function startRelay(target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0

  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }

  const up = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve()
      const srv = createServer((client) => {
        const upstream = connect(target.port, target.host)
        track(client)
        track(upstream)
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      srv.once('error', reject)
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as AddressInfo).port
        server = srv
        resolve()
      })
    })

  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      const srv = server
      server = null
      srv.close(() => resolve())
    })

  await up()
  return {
    get port() {
      return port
    },
    up,
    down,
    close: down,
  }
}
