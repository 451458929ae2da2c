/**
 * Marks a plugin as sharing its parent's context, so its decorators and hooks apply to the whole app.
 * This is the one thing we need from fastify-plugin, via Fastify's documented `skip-override` symbol.
 */
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/** Returns the plugin marked to run in its parent's context, under a name for error messages. */
export function unencapsulated<O extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<O>,
): FastifyPluginAsync<O> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
