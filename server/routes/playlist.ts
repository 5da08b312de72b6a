import { Hono } from 'hono'
import { addTrackRequest, positionRequest, reorderRequest, type PlaylistItem } from '~contract/playlist.ts'
import type { AuthEnv } from '../http/auth.ts'
import { jsonBody } from '../http/validate.ts'
import type { RouteContext } from './context.ts'

/**
 * The signed-in user's playlist (contract/playlist.ts: GET/POST/DELETE /users/me/playlist, items by
 * audioId), its order (PUT) and the remembered position in each track.
 */
export function playlistRoutes({ services, requireUser, clock }: RouteContext) {
  const { playlist } = services
  return new Hono<AuthEnv>()
    .use(requireUser)
    .get('/', async (c) => c.json((await playlist.list(c.var.user.id)) satisfies PlaylistItem[]))
    .post('/', jsonBody(addTrackRequest), async (c) => {
      const item = await playlist.add(c.var.user.id, c.req.valid('json').audioId)
      return c.json(item satisfies PlaylistItem, 201)
    })
    .put('/', jsonBody(reorderRequest), async (c) => c.json(await playlist.reorder(c.var.user.id, c.req.valid('json').audioIds)))
    .delete('/', async (c) => {
      await playlist.clear(c.var.user.id)
      return c.body(null, 204)
    })
    .delete('/:audioId', async (c) => {
      await playlist.remove(c.var.user.id, c.req.param('audioId'))
      return c.body(null, 204)
    })
    .put('/:audioId/position', jsonBody(positionRequest), async (c) => {
      await playlist.savePosition(c.var.user.id, c.req.param('audioId'), c.req.valid('json').position, clock.now())
      return c.body(null, 204)
    })
}
