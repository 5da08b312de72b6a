// A TCP relay on 127.0.0.1 to another address (a PostgreSQL), able to simulate an outage:
// `down()` cuts every open connection and stops listening (new connections are refused),
// `up()` listens again on the same port. Used by `npm run test:soak` when no private
// PostgreSQL cluster can be started: then the outage is simulated, not a real restart.

import { connect, createServer } from 'node:net'

/** @param {{ host: string, port: number }} target */
export async function startRelay(target) {
  const sockets = new Set()
  let server = null
  let port = 0

  const track = (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }

  const up = () =>
    new Promise((resolve, reject) => {
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
        port = srv.address().port
        server = srv
        resolve()
      })
    })

  const down = () =>
    new Promise((resolve) => {
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
